import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage.ts';
import {
  GOOGLE_SESSION_KEYS,
  clearPendingGoogleSignIn,
  readPendingGoogleSignIn,
  startGoogleSignIn,
  takeLoginRedirect,
} from './google-sign-in.ts';

function fakeWindow(pathname: string, search = '') {
  const sessionStorage = new MemoryStorage();
  const assign = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage,
    localStorage: new MemoryStorage(),
    location: { origin: 'http://velvet.test', pathname, search, assign },
  });
  return { sessionStorage, assign };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startGoogleSignIn', () => {
  it('stores nonce, state and the current page, then goes to the authorization endpoint', () => {
    const { sessionStorage, assign } = fakeWindow('/support', '?from=menu');
    startGoogleSignIn({ client_id: 'cid', authorization_url: 'http://idp.test/auth' });

    const nonce = sessionStorage.getItem('google_oauth_nonce');
    const state = sessionStorage.getItem('google_oauth_state');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).not.toBe(state);
    expect(sessionStorage.getItem('login_redirect')).toBe('/support?from=menu');

    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe('http://idp.test/auth');
    expect(url.searchParams.get('client_id')).toBe('cid');
    expect(url.searchParams.get('redirect_uri')).toBe('http://velvet.test/login/oauth2/code/google');
    expect(url.searchParams.get('nonce')).toBe(nonce);
    expect(url.searchParams.get('state')).toBe(state);
    expect(readPendingGoogleSignIn()).toEqual({ nonce, state });
  });

  it('clearPendingGoogleSignIn removes nonce and state', () => {
    const { sessionStorage } = fakeWindow('/');
    sessionStorage.setItem(GOOGLE_SESSION_KEYS.nonce, 'n');
    sessionStorage.setItem(GOOGLE_SESSION_KEYS.state, 's');
    clearPendingGoogleSignIn();
    expect(readPendingGoogleSignIn()).toEqual({ nonce: null, state: null });
  });
});

describe('takeLoginRedirect', () => {
  it('returns the stored page once', () => {
    const { sessionStorage } = fakeWindow('/login/oauth2/code/google');
    sessionStorage.setItem('login_redirect', '/account');
    expect(takeLoginRedirect()).toBe('/account');
    expect(sessionStorage.getItem('login_redirect')).toBeNull();
    expect(takeLoginRedirect()).toBe('/');
  });

  it('never leaves the site', () => {
    const { sessionStorage } = fakeWindow('/');
    sessionStorage.setItem('login_redirect', 'https://evil.test/');
    expect(takeLoginRedirect()).toBe('/');
  });
});
