// What runs once before the first render (spec section 2): apply the theme (dark unless another is
// saved), run the authentication check, and remove the stale 'galleryStore' item.
import { STORAGE_KEYS } from '@velvet/contracts/storage-keys';
import { removeItem } from '../lib/storage.ts';
import { readStoredSession } from '../features/auth/session-storage.ts';
import { restoreSession } from '../features/auth/slice.ts';
import { setTheme } from '../features/theme/slice.ts';
import { applyTheme, readStoredTheme } from '../features/theme/theme-storage.ts';
import type { AppStore } from './store.ts';

export function runStartup(store: AppStore): void {
  const theme = readStoredTheme();
  applyTheme(theme);
  store.dispatch(setTheme(theme));
  store.dispatch(restoreSession(readStoredSession()));
  removeItem(STORAGE_KEYS.galleryStore);
}
