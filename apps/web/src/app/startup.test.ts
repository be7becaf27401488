import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage.ts';
import { clearSession, setBalance, setSession, updateUser } from '../features/auth/slice.ts';
import { toggleTheme } from '../features/theme/slice.ts';
import { runStartup } from './startup.ts';
import { makeStore } from './store.ts';

let local: MemoryStorage;
let root: { dataset: Record<string, string>; style: Record<string, string> };

const user = {
  member_id: 'a@b.c',
  email: 'a@b.c',
  nicname: 'Luna',
  picture: '',
  cur_tokens: 1200,
  member_kind: 'level1',
};

beforeEach(() => {
  local = new MemoryStorage();
  root = { dataset: {}, style: {} };
  vi.stubGlobal('window', { localStorage: local, sessionStorage: new MemoryStorage() });
  vi.stubGlobal('document', { documentElement: root });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startup', () => {
  it('applies the dark theme by default and logs nobody in', () => {
    const store = makeStore();
    runStartup(store);
    expect(root.dataset.theme).toBe('dark');
    expect(store.getState().theme.theme).toBe('dark');
    expect(store.getState().auth).toEqual({ token: null, user: null, isLoggedIn: false });
  });

  it('applies a saved light theme', () => {
    local.setItem('theme', 'light');
    const store = makeStore();
    runStartup(store);
    expect(root.dataset.theme).toBe('light');
    expect(store.getState().theme.theme).toBe('light');
  });

  it('ignores a corrupt saved theme', () => {
    local.setItem('theme', 'neon');
    const store = makeStore();
    runStartup(store);
    expect(root.dataset.theme).toBe('dark');
  });

  it('restores the session when token and user are stored', () => {
    local.setItem('token', 'tok');
    local.setItem('user', JSON.stringify(user));
    const store = makeStore();
    runStartup(store);
    expect(store.getState().auth).toEqual({ token: 'tok', user, isLoggedIn: true });
  });

  it('does not restore a user without a token, nor a corrupt user', () => {
    local.setItem('user', JSON.stringify(user));
    const store = makeStore();
    runStartup(store);
    expect(store.getState().auth.isLoggedIn).toBe(false);

    local.setItem('token', 'tok');
    local.setItem('user', '{not json');
    const again = makeStore();
    runStartup(again);
    expect(again.getState().auth).toEqual({ token: 'tok', user: null, isLoggedIn: true });
  });

  it('removes galleryStore', () => {
    local.setItem('galleryStore', '{"images":[]}');
    runStartup(makeStore());
    expect(local.getItem('galleryStore')).toBeNull();
  });
});

describe('persistence', () => {
  it('saves the session and its updates, and logout clears token, user and the coin list', () => {
    const store = makeStore();
    store.dispatch(setSession({ ...user, token: 'tok' }));
    expect(local.getItem('token')).toBe('tok');
    expect(JSON.parse(local.getItem('user') ?? 'null')).toEqual(user);

    store.dispatch(setBalance(99));
    store.dispatch(updateUser({ nicname: 'Nova' }));
    expect(JSON.parse(local.getItem('user') ?? 'null')).toMatchObject({ cur_tokens: 99, nicname: 'Nova' });

    local.setItem('commonCodes', '[]');
    local.setItem('theme', 'light');
    store.dispatch(clearSession());
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('user')).toBeNull();
    expect(local.getItem('commonCodes')).toBeNull();
    expect(local.getItem('theme')).toBe('light');
  });

  it('saves and applies the theme when toggled', () => {
    const store = makeStore();
    runStartup(store);
    store.dispatch(toggleTheme());
    expect(local.getItem('theme')).toBe('light');
    expect(root.dataset.theme).toBe('light');
    store.dispatch(toggleTheme());
    expect(local.getItem('theme')).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
  });
});
