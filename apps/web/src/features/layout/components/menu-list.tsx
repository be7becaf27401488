// A menu section's entries. Coming-soon entries are greyed, say 'Coming Soon!', and are not links:
// they cannot navigate. In the narrow desktop panel (compact) only the icons show: links keep their
// label as accessible name and tooltip.
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
  /** Icons only (the narrow desktop panel): each entry is named by aria-label and shows a tooltip. */
  compact?: boolean;
}

export function MenuList({ items, onNavigate, large = false, labelledBy, compact = false }: MenuListProps) {
  const { pathname } = useLocation();
  return (
    <ul
      className={[styles.list, large ? styles.large : undefined, compact ? styles.compact : undefined]
        .filter(Boolean)
        .join(' ')}
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
                title={compact ? `${item.label}: ${COMING_SOON_LABEL}` : COMING_SOON_LABEL}
              >
                <MenuIcon name={item.icon} />
                {/* Icons only: the text stays for screen readers (a plain span may not carry aria-label). */}
                <span className={compact ? 'visually-hidden' : styles.text}>
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
              {...(compact ? { 'aria-label': item.label, title: item.label } : {})}
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
