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
  /**
   * The gallery grid's column count this device showed last (GALLERY.minColumns..maxColumns): the
   * server renders that one grid instead of one per column count (a document a third the size).
   * Absent until a grid has been measured, and in a cookie written before it was kept (`v1`).
   */
  columns?: number;
}

/**
 * The grid's column counts: GALLERY.minColumns..maxColumns (catalog.ts; a test keeps them equal). Not
 * imported from there: the catalog would come into the web's first load with this module.
 */
const isColumnCount = (value: number) => Number.isInteger(value) && value >= 1 && value <= 5;

/**
 * The cookie's value: `v2.<layout>.<theme>.<columns>`, or `v1.<layout>.<theme>` while no grid has
 * been measured. A later format gets a new version; the ones this code did not write are ignored.
 */
export function formatFirstScreenCookie(hints: FirstScreenHints): string {
  return hints.columns !== undefined && isColumnCount(hints.columns)
    ? `v2.${hints.layout}.${hints.theme}.${hints.columns}`
    : `v1.${hints.layout}.${hints.theme}`;
}

/** The hints in a cookie value, or null when it is not one this version wrote. */
export function parseFirstScreenCookie(value: string | null | undefined): FirstScreenHints | null {
  const parts = (value ?? '').split('.');
  const version = parts[0];
  if (!((version === 'v1' && parts.length === 3) || (version === 'v2' && parts.length === 4))) return null;
  const layout = FIRST_SCREEN_LAYOUTS.find((l) => l === parts[1]);
  const theme = FIRST_SCREEN_THEMES.find((t) => t === parts[2]);
  if (!layout || !theme) return null;
  if (version === 'v1') return { layout, theme };
  const columns = /^\d$/.test(parts[3] ?? '') ? Number(parts[3]) : NaN;
  return isColumnCount(columns) ? { layout, theme, columns } : null;
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
