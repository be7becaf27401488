/** What the layout shows of the session; the app maps the auth state onto it. */
export interface LayoutUser {
  nickname: string;
  balance: number;
  picture?: string | null;
}

export type ThemeName = 'dark' | 'light';

export interface LayoutProps {
  /** Present only when the session user has a nickname (spec: side panel's logged-in rule). */
  user: LayoutUser | null;
  /** Any session at all (token present): decides Login or Logout in the mobile bottom bar. */
  isLoggedIn: boolean;
  theme: ThemeName;
  onToggleTheme: () => void;
  onLogin: () => void;
  onLogout: () => void;
  /** A support or admin session: Manage shows the 'Support console' entry. */
  showConsole?: boolean;
}
