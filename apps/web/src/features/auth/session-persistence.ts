// Mirrors the session slice into local storage (token, user), and clears token, user and the
// coin-related list on clearSession. Registered once on the store's listener middleware.
import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { clearSession, setBalance, setSession, updateUser, type AuthState } from './slice.ts';
import { clearStoredSession, writeStoredToken, writeStoredUser } from './session-storage.ts';

export function registerSessionPersistence(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: isAnyOf(setSession, updateUser, setBalance),
    effect: (_action, api) => {
      const { auth } = api.getState() as { auth: AuthState };
      if (auth.token) writeStoredToken(auth.token);
      if (auth.user) writeStoredUser(auth.user);
    },
  });
  listener.startListening({
    actionCreator: clearSession,
    effect: () => clearStoredSession(),
  });
}
