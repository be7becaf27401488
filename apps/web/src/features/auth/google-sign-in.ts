// The browser side of Google sign-in: session storage for the nonce, the state and the page to come
// back to (login_redirect), and the redirect to the authorization endpoint.
import type { TGoogleSignInConfig } from '@velvet/contracts/auth/get-auth-config';
import { SESSION_STORAGE_KEYS } from '@velvet/contracts/storage-keys';
import { readItem, removeItem, writeItem } from '../../lib/storage.ts';
import {
  buildGoogleAuthorizationUrl,
  createOAuthSecret,
  googleRedirectUri,
  safeRedirectTarget,
  type PendingGoogleSignIn,
} from './google-oauth.ts';

/** Session storage keys of a sign-in in flight (used once, then removed). */
export const GOOGLE_SESSION_KEYS = {
  nonce: 'google_oauth_nonce',
  state: 'google_oauth_state',
} as const;

/** Stores what the return screen will need and sends the browser to Google. */
export function startGoogleSignIn(config: TGoogleSignInConfig): void {
  const nonce = createOAuthSecret();
  const state = createOAuthSecret();
  writeItem(GOOGLE_SESSION_KEYS.nonce, nonce, 'session');
  writeItem(GOOGLE_SESSION_KEYS.state, state, 'session');
  const { origin, pathname, search } = window.location;
  writeItem(SESSION_STORAGE_KEYS.loginRedirect, safeRedirectTarget(`${pathname}${search}`), 'session');
  window.location.assign(buildGoogleAuthorizationUrl({ config, redirectUri: googleRedirectUri(origin), nonce, state }));
}

export function readPendingGoogleSignIn(): PendingGoogleSignIn {
  return {
    nonce: readItem(GOOGLE_SESSION_KEYS.nonce, 'session'),
    state: readItem(GOOGLE_SESSION_KEYS.state, 'session'),
  };
}

/** The nonce and state are good for one return only. */
export function clearPendingGoogleSignIn(): void {
  removeItem(GOOGLE_SESSION_KEYS.nonce, 'session');
  removeItem(GOOGLE_SESSION_KEYS.state, 'session');
}

/** The page to return to after a social sign-in (removed once read); '/' when none. */
export function takeLoginRedirect(): string {
  const stored = readItem(SESSION_STORAGE_KEYS.loginRedirect, 'session');
  removeItem(SESSION_STORAGE_KEYS.loginRedirect, 'session');
  return safeRedirectTarget(stored);
}
