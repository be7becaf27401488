import { describe, expect, it } from 'vitest';
import { buildSlots, columnCount, dealRoundRobin, type GallerySlot } from './masonry.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `img${i + 1}`);
const keyOf = (id: string) => id;

describe('columnCount', () => {
  it.each([
    [0, 4],
    [null, 4],
    [undefined, 4],
    [Number.NaN, 4],
    [299, 1],
    [300, 1],
    [358, 1],
    [599, 1],
    [600, 2],
    [899, 2],
    [900, 3],
    [1200, 4],
    [1499, 4],
    [1500, 5],
    [4000, 5],
  ])('width %s gives %i columns (floor(width / 300), 1..5, 1200 when unknown)', (width, columns) => {
    expect(columnCount(width)).toBe(columns);
  });
});

describe('buildSlots', () => {
  it('puts an ad at every 19th position, after every 18 images', () => {
    const slots = buildSlots(ids(40), keyOf);
    expect(slots).toHaveLength(42);
    const ads = slots.filter((slot) => slot.type === 'ad');
    expect(ads.map((slot) => slot.position)).toEqual([19, 38]);
    expect(slots[17]).toMatchObject({ type: 'image', image: 'img18', position: 18 });
    expect(slots[19]).toMatchObject({ type: 'image', image: 'img19', position: 20 });
  });

  it('alternates the two ad kinds, iframe first', () => {
    const ads = buildSlots(ids(18 * 5), keyOf).filter((slot) => slot.type === 'ad');
    expect(ads.map((slot) => (slot.type === 'ad' ? slot.adKind : null))).toEqual([
      'iframe',
      'vast',
      'iframe',
      'vast',
      'iframe',
    ]);
    expect(ads.map((slot) => slot.key)).toEqual(['ad-0', 'ad-1', 'ad-2', 'ad-3', 'ad-4']);
  });

  it('has no ad before 18 images, and one right after the 18th', () => {
    expect(buildSlots(ids(17), keyOf).some((slot) => slot.type === 'ad')).toBe(false);
    expect(buildSlots(ids(18), keyOf).at(-1)).toMatchObject({ type: 'ad', position: 19 });
    expect(buildSlots([], keyOf)).toEqual([]);
  });

  it('keeps slot keys stable when a page is appended', () => {
    const before = buildSlots(ids(30), keyOf).map((slot) => slot.key);
    const after = buildSlots(ids(60), keyOf).map((slot) => slot.key);
    expect(after.slice(0, before.length)).toEqual(before);
  });
});

describe('dealRoundRobin', () => {
  it('deals item i to column i mod columns', () => {
    expect(dealRoundRobin([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [1, 4, 7],
      [2, 5],
      [3, 6],
    ]);
    expect(dealRoundRobin([1, 2], 4)).toEqual([[1], [2], [], []]);
    expect(dealRoundRobin([1, 2, 3], 1)).toEqual([[1, 2, 3]]);
    expect(dealRoundRobin([1, 2, 3], 0)).toEqual([[1, 2, 3]]);
  });

  it('deals ad slots like images: the 19th slot lands in column (19 - 1) mod columns', () => {
    const slots = buildSlots(ids(30), keyOf);
    const columns = dealRoundRobin(slots, columnCount(1200));
    const adColumn = columns.findIndex((column) => column.some((slot: GallerySlot<string>) => slot.type === 'ad'));
    expect(adColumn).toBe(18 % 4);
    // Appending never moves a slot to another column.
    const more = dealRoundRobin(buildSlots(ids(60), keyOf), 4);
    columns.forEach((column, index) => {
      expect(more[index]?.slice(0, column.length)).toEqual(column);
    });
  });
});
