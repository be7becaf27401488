// A menu section's entries. Coming-soon entries are greyed, say 'Coming Soon!', and are not links:
// they cannot navigate.
import { Link, useLocation } from 'react-router';
import { COMING_SOON_LABEL, isMenuItemActive, type MenuItem } from '../menu.ts';
import { MenuIcon } from './menu-icon.tsx';
import styles from './menu-list.module.css';

export interface MenuListProps {
  items: readonly MenuItem[];
  /** Called after an entry is chosen (the mobile sheet closes itself). */
  onNavigate?: () => void;
  large?: boolean;
  labelledBy?: string;
}

export function MenuList({ items, onNavigate, large = false, labelledBy }: MenuListProps) {
  const { pathname } = useLocation();
  return (
    <ul
      className={[styles.list, large ? styles.large : undefined].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
    >
      {items.map((item) => {
        if (item.comingSoon) {
          return (
            <li key={item.path}>
              <span
                className={`${styles.item} ${styles.soon}`}
                aria-disabled="true"
                data-coming-soon="true"
                title={COMING_SOON_LABEL}
              >
                <MenuIcon name={item.icon} />
                <span className={styles.text}>
                  <span className={styles.label}>{item.label}</span>
                  <span className={styles.badge}>{COMING_SOON_LABEL}</span>
                </span>
              </span>
            </li>
          );
        }
        const active = isMenuItemActive(item, pathname);
        return (
          <li key={item.path}>
            <Link
              to={item.path}
              className={[styles.item, active ? styles.active : undefined].filter(Boolean).join(' ')}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <MenuIcon name={item.icon} />
              <span className={styles.text}>
                <span className={styles.label}>{item.label}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
