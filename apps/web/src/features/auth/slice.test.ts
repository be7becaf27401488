import { describe, expect, it } from 'vitest';
import {
  authReducer,
  clearSession,
  initialAuthState,
  restoreSession,
  selectBalance,
  selectHasNickname,
  selectIsLoggedIn,
  selectNickname,
  setBalance,
  setSession,
  updateUser,
  type AuthState,
} from './slice.ts';
import type { SessionUser } from './types.ts';

const user: SessionUser = {
  member_id: 'luna@example.com',
  email: 'luna@example.com',
  picture: '',
  nicname: 'Luna',
  cur_tokens: 500,
  member_kind: 'level2',
};

const wrap = (auth: AuthState) => ({ auth });

describe('auth slice', () => {
  it('starts logged out', () => {
    expect(authReducer(undefined, { type: 'init' })).toEqual({ token: null, user: null, isLoggedIn: false });
  });

  it('setSession logs in, keeping only the user fields apart from the token', () => {
    const response = { ...user, token: 't', status: 'ok', message: 'welcome' };
    expect(authReducer(initialAuthState, setSession(response))).toEqual({ token: 't', user, isLoggedIn: true });
  });

  it('setSession logs in', () => {
    const state = authReducer(initialAuthState, setSession({ ...user, token: 't' }));
    expect(state).toEqual({ token: 't', user, isLoggedIn: true });
    expect(selectIsLoggedIn(wrap(state))).toBe(true);
    expect(selectNickname(wrap(state))).toBe('Luna');
  });

  it('restoreSession restores token and user when both are stored', () => {
    const state = authReducer(initialAuthState, restoreSession({ token: 't', user }));
    expect(state).toEqual({ token: 't', user, isLoggedIn: true });
  });

  it('restoreSession with a token only is logged in without a user', () => {
    const state = authReducer(initialAuthState, restoreSession({ token: 't', user: null }));
    expect(state).toEqual({ token: 't', user: null, isLoggedIn: true });
    expect(selectHasNickname(wrap(state))).toBe(false);
  });

  it('restoreSession without a token stays logged out', () => {
    expect(authReducer(initialAuthState, restoreSession({ token: null, user }))).toEqual(initialAuthState);
  });

  it('clearSession logs out', () => {
    const state = authReducer(authReducer(initialAuthState, setSession({ ...user, token: 't' })), clearSession());
    expect(state).toEqual(initialAuthState);
  });

  it('updateUser changes single fields and keeps the rest', () => {
    const state = authReducer(
      authReducer(initialAuthState, setSession({ ...user, token: 't' })),
      updateUser({ nicname: 'Nova' }),
    );
    expect(state.user).toEqual({ ...user, nicname: 'Nova' });
  });

  it('setBalance updates the coin balance', () => {
    const state = authReducer(authReducer(initialAuthState, setSession({ ...user, token: 't' })), setBalance(1500));
    expect(selectBalance(wrap(state))).toBe(1500);
  });

  it('updates without a user are ignored', () => {
    expect(authReducer(initialAuthState, setBalance(3))).toEqual(initialAuthState);
    expect(authReducer(initialAuthState, updateUser({ nicname: 'x' }))).toEqual(initialAuthState);
  });

  it('a blank nickname does not count as a nickname', () => {
    const state = authReducer(initialAuthState, setSession({ ...user, nicname: '  ', token: 't' }));
    expect(selectNickname(wrap(state))).toBeNull();
    expect(selectHasNickname(wrap(state))).toBe(false);
  });
});
