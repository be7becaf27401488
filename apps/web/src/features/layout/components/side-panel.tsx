// Desktop side panel: logo, Service and Manage sections, and the session buttons.
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { balanceText } from '../balance.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { CoinIcon, LogInIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { MENU_SECTIONS } from '../menu.ts';
import type { LayoutProps } from '../types.ts';
import { MenuList } from './menu-list.tsx';
import styles from './side-panel.module.css';

type SidePanelProps = Pick<LayoutProps, 'user' | 'theme' | 'onLogin' | 'onLogout'>;

export function SidePanel({ user, theme, onLogin, onLogout }: SidePanelProps) {
  return (
    <aside className={styles.panel} aria-label="Side panel" data-testid="side-panel">
      <div className={styles.brand}>
        <Link to={paths.root} aria-label="Velvet home">
          <Logo theme={theme} />
        </Link>
      </div>
      <nav className={styles.nav} aria-label="Main">
        {MENU_SECTIONS.map((section) => (
          <section key={section.id} className={styles.section}>
            <h2 className={styles.sectionTitle} id={`side-${section.id}`}>
              {section.title}
            </h2>
            <MenuList items={section.items} labelledBy={`side-${section.id}`} />
          </section>
        ))}
      </nav>
      <div className={styles.footer}>
        {user ? (
          <>
            <button
              type="button"
              className={styles.account}
              onClick={onLogout}
              aria-haspopup="dialog"
              data-testid="nickname-button"
            >
              <span className={styles.avatar} aria-hidden="true">
                {user.picture ? (
                  <img src={user.picture} alt="" referrerPolicy="no-referrer" />
                ) : (
                  user.nickname.charAt(0).toUpperCase()
                )}
              </span>
              <span className={styles.who}>
                <span className={styles.nickname}>{user.nickname}</span>
                <span className={styles.hint}>Log out</span>
              </span>
            </button>
            <Link
              to={paths.subscription}
              className={buttonClassName({ variant: 'secondary', block: true, className: styles.coins })}
              aria-label={`Coin balance ${balanceText(user)}`}
              data-testid="side-balance"
            >
              <CoinIcon />
              {balanceText(user)}
            </Link>
          </>
        ) : (
          <>
            <Button variant="primary" block onClick={onLogin}>
              <LogInIcon size={18} />
              Login
            </Button>
            <Link
              to={paths.subscription}
              className={buttonClassName({ variant: 'secondary', block: true, className: styles.coins })}
            >
              <CoinIcon size={18} />
              Coins+
            </Link>
          </>
        )}
      </div>
    </aside>
  );
}
