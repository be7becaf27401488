import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_COOKIE,
  FIRST_SCREEN_LAYOUTS,
  FIRST_SCREEN_THEMES,
  formatFirstScreenCookie,
  isFirstScreenPath,
  parseFirstScreenCookie,
  readFirstScreenCookie,
} from './first-screen.ts';
import { GALLERY } from './catalog.ts';

describe('first-screen cookie', () => {
  it('reads back every layout and theme it writes', () => {
    for (const layout of FIRST_SCREEN_LAYOUTS) {
      for (const theme of FIRST_SCREEN_THEMES) {
        expect(parseFirstScreenCookie(formatFirstScreenCookie({ layout, theme }))).toEqual({ layout, theme });
      }
    }
    expect(formatFirstScreenCookie({ layout: 'icons', theme: 'light' })).toBe('v1.icons.light');
  });

  it('reads back every column count the grid can have, with the layout and theme', () => {
    for (let columns = GALLERY.minColumns; columns <= GALLERY.maxColumns; columns += 1) {
      const hints = { layout: 'full', theme: 'dark', columns } as const;
      expect(formatFirstScreenCookie(hints)).toBe(`v2.full.dark.${columns}`);
      expect(parseFirstScreenCookie(formatFirstScreenCookie(hints))).toEqual(hints);
    }
    // A count the grid cannot have is not written (the server would render no grid for it).
    expect(formatFirstScreenCookie({ layout: 'full', theme: 'dark', columns: GALLERY.maxColumns + 1 })).toBe(
      'v1.full.dark',
    );
  });

  it.each([
    '',
    'v2.full.dark',
    'v1.full',
    'v1.wide.dark',
    'v1.full.pink',
    'v1.full.dark.x',
    'v1.full.dark.3',
    'v2.full.dark.0',
    'v2.full.dark.6',
    'v2.full.dark.2.5',
    'v2.full.dark.03',
    'v2.full.dark. 3',
    'v2.wide.dark.3',
    'v3.full.dark.3',
    'true',
  ])('ignores a value this version did not write: %j', (value) => {
    expect(parseFirstScreenCookie(value)).toBeNull();
  });

  it('is found among other cookies, and only under its own name', () => {
    expect(readFirstScreenCookie(`a=1; ${FIRST_SCREEN_COOKIE}=v1.mobile.dark; b=2`)).toEqual({
      layout: 'mobile',
      theme: 'dark',
    });
    expect(readFirstScreenCookie(`a=1; ${FIRST_SCREEN_COOKIE}=v2.icons.light.2`)).toEqual({
      layout: 'icons',
      theme: 'light',
      columns: 2,
    });
    expect(readFirstScreenCookie(`x-${FIRST_SCREEN_COOKIE}=v1.mobile.dark`)).toBeNull();
    expect(readFirstScreenCookie(undefined)).toBeNull();
  });
});

describe('isFirstScreenPath', () => {
  it.each(['/', '/home', '/gallery', '/home/', '/gallery?x=1', '/?utm=a'])('%s is Explore', (url) => {
    expect(isFirstScreenPath(url)).toBe(true);
  });
  it.each(['/generate', '/homes', '/gallery/x', '/account', '/api/v1/images'])('%s is not', (url) => {
    expect(isFirstScreenPath(url)).toBe(false);
  });
});
