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
 * Writes the first-screen cookie (hints) or removes it (null: no consent, so the server must not put
 * pictures in the document). Only writes when the value changes.
 */
export function rememberFirstScreen(
  hints: FirstScreenHints | null,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
  secure: boolean = globalThis.location?.protocol === 'https:',
): void {
  if (!doc) return;
  const current = readCookie(doc.cookie);
  const wanted = hints ? formatFirstScreenCookie(hints) : null;
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
