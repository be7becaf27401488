// Desktop top bar: a menu button to /, the logo (per theme), the coin balance chip and the theme
// toggle. Mobile top bar: logo and theme toggle.
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { balanceText } from '../balance.ts';
import { CoinIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import type { LayoutProps } from '../types.ts';
import styles from './top-bar.module.css';

type TopBarProps = Pick<LayoutProps, 'user' | 'theme' | 'onToggleTheme'>;

export function DesktopTopBar({ user, theme, onToggleTheme }: TopBarProps) {
  const balance = balanceText(user);
  return (
    <header className={styles.bar} data-testid="top-bar">
      <Link to={paths.root} className={styles.iconLink} aria-label="Menu">
        <MenuIcon />
      </Link>
      <Link to={paths.root} className={styles.logo} aria-label="Velvet home">
        <Logo theme={theme} height={28} />
      </Link>
      <div className={styles.spacer} />
      <Link
        to={paths.subscription}
        className={styles.chip}
        aria-label={`Coin balance ${balance}`}
        data-testid="balance-chip"
        data-session=""
      >
        <CoinIcon />
        <span>{balance}</span>
        <span className={styles.plus} aria-hidden="true">
          +
        </span>
      </Link>
      <ThemeToggle theme={theme} onToggle={onToggleTheme} />
    </header>
  );
}

export function MobileTopBar({ theme, onToggleTheme }: Omit<TopBarProps, 'user'>) {
  return (
    <header className={`${styles.bar} ${styles.mobile}`} data-testid="top-bar">
      <Link to={paths.root} className={styles.logo} aria-label="Velvet home">
        <Logo theme={theme} height={28} />
      </Link>
      <div className={styles.spacer} />
      <ThemeToggle theme={theme} onToggle={onToggleTheme} />
    </header>
  );
}
