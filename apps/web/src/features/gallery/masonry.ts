// The gallery grid of spec sections 2 and 9 as pure functions: how many columns fit, where the ad slots
// go, and how slots are dealt to columns.
//
// - columns = floor(container width / 300), limited to 1..5; 1200 px when the width is unknown;
// - every 19th slot (after every 18 images) is an ad, alternating between the two ad kinds, the first
//   one being the iframe embed;
// - slots are dealt to columns round-robin (slot i goes to column i mod columns), so appending a page
//   never moves what is already on screen.
import { GALLERY } from '@velvet/contracts/catalog';

export type AdKind = 'iframe' | 'vast';

/**
 * Rows on screen when a gallery first paints (a 1280x800 window shows the first row and most of the
 * second; a phone, one picture and part of the next): their pictures load eagerly at high priority
 * and show without the fade-in, as they are the page's largest paint (issue 11: a second-row picture
 * fading in was Explore's LCP).
 */
export const FIRST_SCREEN_ROWS = 2;

/** Whether a grid row is on screen at first paint. */
export const onFirstScreen = (row: number): boolean => row < FIRST_SCREEN_ROWS;

/** The two ad kinds in the order they alternate. */
export const AD_KINDS: readonly AdKind[] = ['iframe', 'vast'];

export function columnCount(containerWidth: number | null | undefined): number {
  const width =
    typeof containerWidth === 'number' && Number.isFinite(containerWidth) && containerWidth > 0
      ? containerWidth
      : GALLERY.defaultContainerWidthPx;
  const columns = Math.floor(width / GALLERY.columnWidthPx);
  return Math.min(GALLERY.maxColumns, Math.max(GALLERY.minColumns, columns));
}

export type GallerySlot<T> =
  | { type: 'image'; key: string; position: number; image: T }
  | { type: 'ad'; key: string; position: number; adIndex: number; adKind: AdKind };

/**
 * Images interleaved with ad slots: positions are 1-based, and every `adEvery`-th position is an ad
 * (19, 38, 57, ...). An ad follows its 18 images even when nothing comes after it yet.
 */
export function buildSlots<T>(
  images: readonly T[],
  keyOf: (image: T) => string,
  adEvery: number = GALLERY.adEvery,
): GallerySlot<T>[] {
  const slots: GallerySlot<T>[] = [];
  const imagesPerAd = adEvery - 1;
  let adIndex = 0;
  images.forEach((image, i) => {
    slots.push({ type: 'image', key: keyOf(image), position: slots.length + 1, image });
    if (imagesPerAd > 0 && (i + 1) % imagesPerAd === 0) {
      const adKind = AD_KINDS[adIndex % AD_KINDS.length] as AdKind;
      slots.push({ type: 'ad', key: `ad-${adIndex}`, position: slots.length + 1, adIndex, adKind });
      adIndex += 1;
    }
  });
  return slots;
}

/** Deals items to `columns` columns round-robin: item i goes to column i mod columns. */
export function dealRoundRobin<T>(items: readonly T[], columns: number): T[][] {
  const count = Math.max(1, Math.floor(columns));
  const result: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, i) => {
    (result[i % count] as T[]).push(item);
  });
  return result;
}
