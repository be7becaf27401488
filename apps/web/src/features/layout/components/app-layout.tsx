// The page frame of spec section 2: side panel and top bar on desktop (768px and wider), top bar and
// bottom bar on mobile. From 768 to 1023px the side panel shows only its icons, so that the grid
// keeps two columns (one per 300px) beside it. /generate fills the height without padding and, on mobile, locks body scroll.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBodyScrollLock } from '../../../lib/scroll-lock.ts';
import { useIsCompactPanel, useIsMobile } from '../hooks/use-media-query.ts';
import type { LayoutProps } from '../types.ts';
import { BottomBar } from './bottom-bar.tsx';
import { SidePanel } from './side-panel.tsx';
import { DesktopTopBar, MobileTopBar } from './top-bar.tsx';
import styles from './app-layout.module.css';

export function AppLayout({ children, ...props }: LayoutProps & { children: ReactNode }) {
  const isMobile = useIsMobile();
  const compactPanel = useIsCompactPanel();
  const { pathname } = useLocation();
  const fullBleed = pathname === paths.generate;
  useBodyScrollLock(isMobile && fullBleed);

  const main = (
    <main
      id="main"
      className={[styles.main, fullBleed ? styles.fullBleed : undefined].filter(Boolean).join(' ')}
      data-full-bleed={fullBleed || undefined}
    >
      {children}
    </main>
  );

  if (isMobile) {
    return (
      <div className={styles.mobile} data-layout="mobile">
        <MobileTopBar theme={props.theme} onToggleTheme={props.onToggleTheme} />
        {/* Before the page in the tab order (it is fixed to the bottom of the screen): as the side panel
            on desktop, the navigation must not wait behind an Explore feed that grows as focus moves down. */}
        <BottomBar
          isLoggedIn={props.isLoggedIn}
          onLogin={props.onLogin}
          onLogout={props.onLogout}
          showConsole={props.showConsole ?? false}
        />
        {main}
      </div>
    );
  }

  return (
    <div className={styles.desktop} data-layout="desktop" data-panel={compactPanel ? 'icons' : 'full'}>
      <SidePanel
        user={props.user}
        theme={props.theme}
        compact={compactPanel}
        onLogin={props.onLogin}
        onLogout={props.onLogout}
        showConsole={props.showConsole ?? false}
      />
      <div className={styles.column}>
        <DesktopTopBar user={props.user} theme={props.theme} onToggleTheme={props.onToggleTheme} />
        {main}
      </div>
    </div>
  );
}
