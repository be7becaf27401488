// Mobile bottom bar: Home, Coins, Menu (Service list), Manage (Manage list), Login or Logout.
// One list at a time; the dim overlay, Escape or choosing an entry closes it.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CoinIcon, GridIcon, HomeIcon, LogInIcon, LogOutIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import { useBodyScrollLock } from '../../../lib/scroll-lock.ts';
import { CONSOLE_MENU_ITEM, MANAGE_MENU, SERVICE_MENU, type MenuSectionId } from '../menu.ts';
import type { LayoutProps } from '../types.ts';
import { MenuList } from './menu-list.tsx';
import styles from './bottom-bar.module.css';

type BottomBarProps = Pick<LayoutProps, 'isLoggedIn' | 'onLogin' | 'onLogout' | 'showConsole'>;

const LISTS = {
  service: { title: 'Service', items: SERVICE_MENU },
  manage: { title: 'Manage', items: MANAGE_MENU },
} as const;

export function BottomBar({ isLoggedIn, onLogin, onLogout, showConsole = false }: BottomBarProps) {
  const [openList, setOpenList] = useState<MenuSectionId | null>(null);
  const { pathname } = useLocation();
  const close = () => setOpenList(null);
  const toggle = (id: MenuSectionId) => setOpenList((current) => (current === id ? null : id));
  useBodyScrollLock(openList !== null);

  // A navigation from anywhere closes the list.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpenList(null);
  }

  useEffect(() => {
    if (!openList) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenList(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openList]);

  const isHome = pathname === paths.root || pathname === paths.home || pathname === paths.gallery;
  const list = openList ? LISTS[openList] : null;

  return (
    <>
      {list ? (
        <>
          <div className={styles.overlay} onClick={close} aria-hidden="true" data-testid="menu-overlay" />
          <div
            className={styles.sheet}
            id="mobile-menu-sheet"
            role="region"
            aria-label={`${list.title} menu`}
            data-testid={`mobile-${openList}-list`}
          >
            <div className={styles.handle} aria-hidden="true" />
            <h2 className={styles.sheetTitle}>{list.title}</h2>
            <MenuList
              items={openList === 'manage' && showConsole ? [...list.items, CONSOLE_MENU_ITEM] : list.items}
              onNavigate={close}
              large
            />
          </div>
        </>
      ) : null}
      <nav className={styles.bar} aria-label="Bottom bar" data-testid="bottom-bar">
        <Link
          to={paths.root}
          className={styles.tab}
          aria-current={isHome && !openList ? 'page' : undefined}
          onClick={close}
        >
          <HomeIcon />
          Home
        </Link>
        <Link
          to={paths.subscription}
          className={styles.tab}
          aria-current={pathname === paths.subscription && !openList ? 'page' : undefined}
          onClick={close}
        >
          <CoinIcon />
          Coins
        </Link>
        <button
          type="button"
          className={styles.tab}
          aria-expanded={openList === 'service'}
          aria-controls={openList === 'service' ? 'mobile-menu-sheet' : undefined}
          onClick={() => toggle('service')}
        >
          <MenuIcon />
          Menu
        </button>
        <button
          type="button"
          className={styles.tab}
          aria-expanded={openList === 'manage'}
          aria-controls={openList === 'manage' ? 'mobile-menu-sheet' : undefined}
          onClick={() => toggle('manage')}
        >
          <GridIcon />
          Manage
        </button>
        {isLoggedIn ? (
          <button
            type="button"
            className={styles.tab}
            data-session=""
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <LogOutIcon />
            Logout
          </button>
        ) : (
          <button
            type="button"
            className={styles.tab}
            data-session=""
            onClick={() => {
              close();
              onLogin();
            }}
          >
            <LogInIcon />
            Login
          </button>
        )}
      </nav>
    </>
  );
}
