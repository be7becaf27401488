// Desktop side panel: logo, Service and Manage sections, and the session buttons. Compact (768 to
// 1023px wide): icons only, each control named by aria-label with a tooltip, the section lists named
// by their hidden headings, so that the grid keeps two columns beside the panel.
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { balanceText } from '../balance.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { CoinIcon, LogInIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { menuSections } from '../menu.ts';
import type { LayoutProps } from '../types.ts';
import { MenuList } from './menu-list.tsx';
import styles from './side-panel.module.css';

type SidePanelProps = Pick<LayoutProps, 'user' | 'theme' | 'onLogin' | 'onLogout' | 'showConsole'> & {
  /** Icons only (768 to 1023px wide). */
  compact?: boolean;
};

/** The name and tooltip of a control whose text is hidden in the compact panel. */
const named = (compact: boolean, name: string) => (compact ? { 'aria-label': name, title: name } : {});

export function SidePanel({ user, theme, onLogin, onLogout, compact = false, showConsole = false }: SidePanelProps) {
  const logoutName = user ? `${user.nickname}: Log out` : '';
  return (
    <aside
      className={[styles.panel, compact ? styles.compact : undefined].filter(Boolean).join(' ')}
      aria-label="Side panel"
      data-testid="side-panel"
      data-compact={compact || undefined}
    >
      <div className={styles.brand}>
        <Link to={paths.root} aria-label="Velvet home" {...(compact ? { title: 'Velvet home' } : {})}>
          {compact ? <img src="/favicon.svg" alt="" width={32} height={32} /> : <Logo theme={theme} />}
        </Link>
      </div>
      <nav className={styles.nav} aria-label="Main">
        {menuSections(showConsole).map((section) => (
          <section key={section.id} className={styles.section}>
            <h2 className={styles.sectionTitle} id={`side-${section.id}`}>
              {section.title}
            </h2>
            <MenuList items={section.items} labelledBy={`side-${section.id}`} compact={compact} />
          </section>
        ))}
      </nav>
      {/* data-session: hidden in the server's first screen, which cannot know who is signed in. */}
      <div className={styles.footer} data-session="">
        {user ? (
          <>
            <button
              type="button"
              className={styles.account}
              onClick={onLogout}
              aria-haspopup="dialog"
              data-testid="nickname-button"
              {...named(compact, logoutName)}
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
              {...(compact ? { title: `Coin balance ${balanceText(user)}` } : {})}
              data-testid="side-balance"
            >
              <CoinIcon />
              <span className={styles.buttonText}>{balanceText(user)}</span>
            </Link>
          </>
        ) : (
          <>
            <Button variant="primary" block onClick={onLogin} {...named(compact, 'Login')}>
              <LogInIcon size={18} />
              <span className={styles.buttonText}>Login</span>
            </Button>
            <Link
              to={paths.subscription}
              className={buttonClassName({ variant: 'secondary', block: true, className: styles.coins })}
              {...named(compact, 'Coins+')}
            >
              <CoinIcon size={18} />
              <span className={styles.buttonText}>Coins+</span>
            </Link>
          </>
        )}
      </div>
    </aside>
  );
}
