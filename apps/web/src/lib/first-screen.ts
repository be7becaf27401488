// The server-rendered first screen of Explore (docs/performance.md). On the server, the hints from the
// visitor's cookie stand in for what only a browser knows (media queries, the grid's width); in the
// browser the app keeps that cookie in step with what it shows, so the next document matches it.
import { createContext, useContext } from 'react';
import {
  FIRST_SCREEN_COOKIE,
  FIRST_SCREEN_COOKIE_MAX_AGE_S,
  formatFirstScreenCookie,
  type FirstScreenHints,
} from '@velvet/contracts/first-screen';

/** Set only while the server renders the first screen; null in the browser. */
export const ServerFirstScreen = createContext<FirstScreenHints | null>(null);

/** The server's hints while rendering on the server, null in the browser. */
export function useServerFirstScreen(): FirstScreenHints | null {
  return useContext(ServerFirstScreen);
}

/**
 * What the cookie is made of, as last reported: the frame's layout and theme with consent (null
 * without; undefined until the root has reported) and the grid's column count (masonry-grid.tsx).
 * The two report at different moments (the grid's effects run before the root's).
 */
let frame: Omit<FirstScreenHints, 'columns'> | null | undefined;
let gridColumns: number | undefined;

type CookieTarget = Pick<Document, 'cookie'> | undefined;

/**
 * Writes the first-screen cookie (hints, with the grid's last column count) or removes it (null: no
 * consent, so the server must not put pictures in the document). Only writes when the value changes.
 */
export function rememberFirstScreen(
  hints: Omit<FirstScreenHints, 'columns'> | null,
  doc: CookieTarget = globalThis.document,
  secure: boolean = globalThis.location?.protocol === 'https:',
): void {
  frame = hints;
  writeCookie(doc, secure);
}

/** The grid's measured column count, for the cookie (none is written without consent). */
export function rememberGridColumns(
  columns: number,
  doc: CookieTarget = globalThis.document,
  secure: boolean = globalThis.location?.protocol === 'https:',
): void {
  gridColumns = columns;
  if (frame) writeCookie(doc, secure);
}

function writeCookie(doc: CookieTarget, secure: boolean): void {
  if (!doc || frame === undefined) return;
  const current = readCookie(doc.cookie);
  const wanted = frame ? formatFirstScreenCookie({ ...frame, columns: gridColumns }) : null;
  if (current === wanted) return;
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  doc.cookie = wanted
    ? `${FIRST_SCREEN_COOKIE}=${wanted}; Max-Age=${FIRST_SCREEN_COOKIE_MAX_AGE_S}${attributes}`
    : `${FIRST_SCREEN_COOKIE}=; Max-Age=0${attributes}`;
}

function readCookie(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === FIRST_SCREEN_COOKIE) return pair.slice(eq + 1).trim();
  }
  return null;
}
