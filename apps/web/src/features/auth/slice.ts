// Session state (spec section 4, Authentication). Reducers are pure; session-persistence.ts mirrors
// every change into local storage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, SessionUser } from './types.ts';
import type { StoredSession } from './session-storage.ts';

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
}

export const initialAuthState: AuthState = { token: null, user: null, isLoggedIn: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Successful login, register or social login: the session response itself (user + token). */
    setSession(state, action: PayloadAction<Session>) {
      const { token, member_id, email, nicname, picture, cur_tokens, member_kind, role } = action.payload;
      state.token = token;
      state.user = { member_id, email, nicname, picture, cur_tokens, member_kind, ...(role ? { role } : {}) };
      state.isLoggedIn = true;
    },
    /**
     * Startup check: logged in is true when a token is stored; the user is restored only when
     * both token and user are stored.
     */
    restoreSession(state, action: PayloadAction<StoredSession>) {
      const { token, user } = action.payload;
      if (!token) return;
      state.token = token;
      state.isLoggedIn = true;
      if (user) state.user = user;
    },
    /** Logout (after confirmation) or account deletion. */
    clearSession() {
      return initialAuthState;
    },
    /** Update any user field (e.g. the nickname after an edit). */
    updateUser(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    /** The coin balance after a generation or purchase. */
    setBalance(state, action: PayloadAction<number>) {
      if (state.user) state.user.cur_tokens = action.payload;
    },
  },
});

export const { setSession, restoreSession, clearSession, updateUser, setBalance } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectIsLoggedIn = (state: WithAuth) => state.auth.isLoggedIn;
export const selectNickname = (state: WithAuth) => state.auth.user?.nicname?.trim() || null;
/** The side panel counts a user as logged in only when a nickname is present. */
export const selectHasNickname = (state: WithAuth) => selectNickname(state) !== null;
export const selectBalance = (state: WithAuth) => state.auth.user?.cur_tokens ?? 0;
/** member | support | admin; a session stored before roles existed counts as a member. */
export const selectRole = (state: WithAuth) => state.auth.user?.role ?? 'member';
