/// <reference types="node" />
// (Reads the grid's stylesheet from disk: a CSS module import gives its class names, not its rules.)
import fs from 'node:fs';
import { FIRST_SCREEN_COOKIE, FIRST_SCREEN_PATHS, isFirstScreenPath } from '@velvet/contracts/first-screen';
import { GALLERY } from '@velvet/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { isExplorePath } from './router.tsx';
import { columnCount } from '../features/gallery/masonry.ts';
import { COMPACT_PANEL_MEDIA_QUERY, MOBILE_MEDIA_QUERY } from '../features/layout/hooks/use-media-query.ts';
import { rememberFirstScreen, rememberGridColumns } from '../lib/first-screen.ts';

/** A document.cookie stand-in that keeps what a browser would: name=value, or nothing after Max-Age=0. */
function cookieJar() {
  const jar = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/max-age=0(;|$)/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
}

describe('rememberFirstScreen', () => {
  it('writes the hints for a year, on every path, and not again while they stay the same', () => {
    const doc = cookieJar();
    rememberFirstScreen({ layout: 'full', theme: 'dark' }, doc, false);
    rememberFirstScreen({ layout: 'full', theme: 'dark' }, doc, false);
    expect(doc.written).toEqual([`${FIRST_SCREEN_COOKIE}=v1.full.dark; Max-Age=31536000; Path=/; SameSite=Lax`]);
    rememberFirstScreen({ layout: 'mobile', theme: 'light' }, doc, true);
    expect(doc.cookie).toBe(`${FIRST_SCREEN_COOKIE}=v1.mobile.light`);
    expect(doc.written.at(-1)).toMatch(/; Secure$/);
  });

  it('removes the cookie when there is no consent (no pictures in the next document)', () => {
    const doc = cookieJar();
    rememberFirstScreen({ layout: 'icons', theme: 'dark' }, doc, false);
    rememberFirstScreen(null, doc, false);
    expect(doc.cookie).toBe('');
    expect(doc.written.at(-1)).toBe(`${FIRST_SCREEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
    rememberFirstScreen(null, doc, false);
    expect(doc.written).toHaveLength(2);
  });
});

describe('rememberGridColumns', () => {
  it("puts the grid's column count in the cookie, whichever of the grid and the frame reports first", () => {
    const doc = cookieJar();
    // The grid measures before the root's effect has written the cookie (children's effects run first;
    // the tests above left the module without consent).
    rememberGridColumns(3, doc, false);
    expect(doc.written).toEqual([]);
    rememberFirstScreen({ layout: 'full', theme: 'dark' }, doc, false);
    expect(doc.cookie).toBe(`${FIRST_SCREEN_COOKIE}=v2.full.dark.3`);
    // A new width: the count follows, layout and theme kept; the same count writes nothing.
    rememberGridColumns(4, doc, false);
    rememberGridColumns(4, doc, false);
    expect(doc.cookie).toBe(`${FIRST_SCREEN_COOKIE}=v2.full.dark.4`);
    expect(doc.written).toHaveLength(2);
    rememberFirstScreen({ layout: 'full', theme: 'light' }, doc, false);
    expect(doc.cookie).toBe(`${FIRST_SCREEN_COOKIE}=v2.full.light.4`);
  });

  it('writes no cookie without consent', () => {
    const doc = cookieJar();
    rememberFirstScreen(null, doc, false);
    rememberGridColumns(2, doc, false);
    rememberGridColumns(5, doc, false);
    expect(doc.cookie).toBe('');
    expect(doc.written).toEqual([]);
  });
});

describe('the server first screen follows the app', () => {
  it("renders on exactly Explore's paths", () => {
    expect([...FIRST_SCREEN_PATHS].sort()).toEqual([paths.root, paths.home, paths.gallery].sort());
    for (const url of ['/', '/home', '/gallery', '/generate', '/likes', '/gallery/']) {
      expect(isFirstScreenPath(url)).toBe(isExplorePath(url));
    }
  });

  it("shows the column count columnCount() gives at every width (the stylesheet's container queries)", () => {
    const css = fs.readFileSync(
      new URL('../features/gallery/components/masonry-grid.module.css', import.meta.url),
      'utf8',
    );
    // Each rule: @container (<condition>) { .variant[data-columns='N'] { display: flex } }
    const rules = [...css.matchAll(/@container \(([^)]*)\)\s*\{\s*\.variant\[data-columns='(\d)'\]/g)].map(
      ([, condition, columns]) => ({ condition: condition ?? '', columns: Number(columns) }),
    );
    expect(rules).toHaveLength(GALLERY.maxColumns - GALLERY.minColumns + 1);
    const holds = (condition: string, width: number) => {
      const between = /^(\d+)px <= width < (\d+)px$/.exec(condition);
      if (between) return width >= Number(between[1]) && width < Number(between[2]);
      const below = /^width < (\d+)px$/.exec(condition);
      if (below) return width < Number(below[1]);
      const from = /^width >= (\d+)px$/.exec(condition);
      if (from) return width >= Number(from[1]);
      throw new Error(`unexpected container condition: ${condition}`);
    };
    for (let width = 1; width <= 2400; width += 1) {
      const shown = rules.filter((rule) => holds(rule.condition, width)).map((rule) => rule.columns);
      expect({ width, shown }).toEqual({ width, shown: [columnCount(width)] });
    }
  });

  it('the boot script drops a grid dealt for another column count exactly when columnCount() differs', () => {
    const boot = fs.readFileSync(new URL('../../public/first-screen-boot.js', import.meta.url), 'utf8');
    const expression = /stale = (.+) !== dealt;/.exec(boot)?.[1];
    expect(expression).toBeDefined();
    const fits = new Function('width', `return ${expression};`) as (width: number) => number;
    for (let width = 0; width <= 2400; width += 1) {
      expect({ width, columns: fits(width) }).toEqual({ width, columns: columnCount(width) });
    }
  });

  it("the boot script tells the layouts apart with the app's own breakpoints", () => {
    const boot = fs.readFileSync(new URL('../../public/first-screen-boot.js', import.meta.url), 'utf8');
    expect(boot).toContain(`window.matchMedia('${MOBILE_MEDIA_QUERY}')`);
    // The icon panel: below the full panel's width (the mobile case is tested first).
    const compactMax = /\(max-width: [\d.]+px\)$/.exec(COMPACT_PANEL_MEDIA_QUERY)?.[0];
    expect(compactMax).toBeDefined();
    expect(boot).toContain(`window.matchMedia('${compactMax}')`);
  });
});
