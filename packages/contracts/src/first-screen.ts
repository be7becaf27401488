// The first-screen cookie: what the server needs to render Explore's first screen into the document
// (docs/performance.md, "Server-rendered first screen"). The web app writes it once the visitor has
// passed the adult gate, and keeps it in step with the layout and the theme the device last showed;
// the API reads it when it serves index.html. No cookie, no pictures in the document: the adult gate
// comes first. It holds no identity (the token stays in localStorage) and is not a session.
// Zod-free on purpose: the web app's entry imports it.

export const FIRST_SCREEN_COOKIE = 'velvet-first-screen';

/** Explore's paths (the web's paths.root, home and gallery; a web test keeps them equal). */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/', '/home', '/gallery'];

/** Whether a URL's path is one of Explore's (a trailing slash and the query aside). */
export function isFirstScreenPath(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return FIRST_SCREEN_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** The id of the <script type="application/json"> holding the first page the server rendered. */
export const FIRST_PAGE_SCRIPT_ID = 'velvet-first-page';

/** How long the browser keeps it (the consent in localStorage has no end either). */
export const FIRST_SCREEN_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The app's three frames (features/layout): phone, icon-only side panel (768-1023 px), full side panel. */
export const FIRST_SCREEN_LAYOUTS = ['mobile', 'icons', 'full'] as const;
export type FirstScreenLayout = (typeof FIRST_SCREEN_LAYOUTS)[number];

export const FIRST_SCREEN_THEMES = ['dark', 'light'] as const;
export type FirstScreenTheme = (typeof FIRST_SCREEN_THEMES)[number];

export interface FirstScreenHints {
  layout: FirstScreenLayout;
  theme: FirstScreenTheme;
}

/** The cookie's value: `v1.<layout>.<theme>` (a later format gets a new version and the old is ignored). */
export function formatFirstScreenCookie(hints: FirstScreenHints): string {
  return `v1.${hints.layout}.${hints.theme}`;
}

/** The hints in a cookie value, or null when it is not one this version wrote. */
export function parseFirstScreenCookie(value: string | null | undefined): FirstScreenHints | null {
  const parts = (value ?? '').split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const layout = FIRST_SCREEN_LAYOUTS.find((l) => l === parts[1]);
  const theme = FIRST_SCREEN_THEMES.find((t) => t === parts[2]);
  return layout && theme ? { layout, theme } : null;
}

/** The cookie's value in a `Cookie:` request header, or null. */
export function readFirstScreenCookie(cookieHeader: string | null | undefined): FirstScreenHints | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === FIRST_SCREEN_COOKIE)
      return parseFirstScreenCookie(pair.slice(eq + 1).trim());
  }
  return null;
}
