// The theme is 'dark' (default) or 'light', saved under the 'theme' key and applied as the
// data-theme attribute on <html>, which the stylesheet's variables follow.
import { STORAGE_KEYS } from '@velvet/contracts/storage-keys';
import { readItem, writeItem } from '../../lib/storage.ts';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export function parseTheme(value: unknown): Theme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

export function readStoredTheme(): Theme {
  return parseTheme(readItem(STORAGE_KEYS.theme));
}

export function storeTheme(theme: Theme): void {
  writeItem(STORAGE_KEYS.theme, theme);
}

export function applyTheme(
  theme: Theme,
  root: HTMLElement | null = globalThis.document?.documentElement ?? null,
): void {
  if (!root) return;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
