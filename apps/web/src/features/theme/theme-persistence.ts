// Applies and saves the theme whenever it changes.
import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { setTheme, toggleTheme, type ThemeState } from './slice.ts';
import { applyTheme, storeTheme } from './theme-storage.ts';

export function registerThemePersistence(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: isAnyOf(setTheme, toggleTheme),
    effect: (_action, api) => {
      const { theme } = (api.getState() as { theme: ThemeState }).theme;
      applyTheme(theme);
      storeTheme(theme);
    },
  });
}
