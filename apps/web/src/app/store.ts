// The Redux store: the RTK Query cache plus the client-only slices. Features add endpoints to `api`
// (lib/api.ts); slices that must persist register a listener here.
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../lib/api.ts';
import { authReducer, clearSession } from '../features/auth/slice.ts';
import { registerSessionPersistence } from '../features/auth/session-persistence.ts';
import { galleryReducer } from '../features/gallery/slice.ts';
import { generateReducer, generationsCleared } from '../features/generate/slice.ts';
import { modalsReducer } from '../features/modals/slice.ts';
import { paymentsReducer } from '../features/payments/slice.ts';
import { themeReducer } from '../features/theme/slice.ts';
import { registerThemePersistence } from '../features/theme/theme-persistence.ts';
import { toastReducer } from '../features/toast/slice.ts';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  gallery: galleryReducer,
  generate: generateReducer,
  modals: modalsReducer,
  payments: paymentsReducer,
  theme: themeReducer,
  toast: toastReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  registerSessionPersistence(listener);
  registerThemePersistence(listener);
  // Nothing cached for one member may show for the next: logout drops the whole API cache.
  listener.startListening({
    actionCreator: clearSession,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
      listenerApi.dispatch(generationsCleared());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
