import { describe, expect, it } from 'vitest';
import { selectTheme, setTheme, themeReducer, toggleTheme } from './slice.ts';
import { DEFAULT_THEME, parseTheme } from './theme-storage.ts';

describe('theme', () => {
  it('defaults to dark', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(themeReducer(undefined, { type: 'init' })).toEqual({ theme: 'dark' });
  });

  it('toggles between dark and light', () => {
    const light = themeReducer(undefined, toggleTheme());
    expect(selectTheme({ theme: light })).toBe('light');
    expect(themeReducer(light, toggleTheme()).theme).toBe('dark');
  });

  it('sets a theme', () => {
    expect(themeReducer(undefined, setTheme('light')).theme).toBe('light');
  });

  it('parses stored values, falling back to dark', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme(null)).toBe('dark');
    expect(parseTheme('Light')).toBe('dark');
  });
});
