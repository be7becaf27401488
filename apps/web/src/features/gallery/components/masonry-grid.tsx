// The masonry grid (spec section 2): as many 300px columns as fit (1 to 5), a 16px gap, slots dealt to
// the columns round-robin. The column count follows the container's width. Each slot is told its row;
// the rows on screen at first paint (masonry.ts, onFirstScreen) appear at once, the others slide in.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { GALLERY } from '@velvet/contracts/catalog';
import { rememberGridColumns, useServerFirstScreen } from '../../../lib/first-screen.ts';
import { useElementWidth } from '../hooks/use-element-width.ts';
import { FIRST_SCREEN_ROWS, columnCount, dealRoundRobin, onFirstScreen, type GallerySlot } from '../masonry.ts';
import styles from './masonry-grid.module.css';

export interface MasonryGridProps<T> {
  slots: readonly GallerySlot<T>[];
  renderSlot: (slot: GallerySlot<T>, place: { row: number }) => ReactNode;
}

/** Every column count the grid can have, for the server's first screen. */
const COLUMN_COUNTS = Array.from(
  { length: GALLERY.maxColumns - GALLERY.minColumns + 1 },
  (_, i) => GALLERY.minColumns + i,
);

/**
 * The server's first screen (docs/performance.md): the server cannot measure the grid, so it sends
 * the first rows dealt for the column count this device's grid had last (the cookie's), shown as it
 * is; the boot script drops it when the grid's width now gives another count. Without that count (a
 * cookie written before it was kept) it sends one grid per column count, and the stylesheet shows the
 * one the grid's width gives (container queries with columnCount's thresholds). Same slots, columns
 * and cells as the browser's grid, so its pictures paint where and as large as React's will.
 */
function FirstScreenGrid<T>({ slots, renderSlot, columns: known }: MasonryGridProps<T> & { columns?: number }) {
  return (
    <div className={styles.firstScreen} data-testid="masonry-grid" data-first-screen="">
      {(known === undefined ? COLUMN_COUNTS : [known]).map((columns) => (
        <div
          key={columns}
          className={known === undefined ? `${styles.grid} ${styles.variant}` : styles.grid}
          style={{ gap: GALLERY.gapPx }}
          data-columns={columns}
        >
          {dealRoundRobin(slots.slice(0, columns * FIRST_SCREEN_ROWS), columns).map((column, index) => (
            <div key={index} className={styles.column} style={{ gap: GALLERY.gapPx }}>
              {column.map((slot, row) => (
                <div key={slot.key} className={styles.still}>
                  {renderSlot(slot, { row })}
                </div>
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export function MasonryGrid<T>(props: MasonryGridProps<T>) {
  const server = useServerFirstScreen();
  return server ? <FirstScreenGrid {...props} columns={server.columns} /> : <BrowserGrid {...props} />;
}

function BrowserGrid<T>({ slots, renderSlot }: MasonryGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const columns = columnCount(width);
  // The next document's first screen renders this count only (lib/first-screen.ts).
  const measured = width !== null;
  useEffect(() => {
    if (measured) rememberGridColumns(columns);
  }, [measured, columns]);
  const dealt = useMemo(() => dealRoundRobin(slots, columns), [slots, columns]);
  return (
    <div
      ref={ref}
      className={styles.grid}
      style={{ gap: GALLERY.gapPx }}
      data-testid="masonry-grid"
      data-columns={columns}
    >
      {dealt.map((column, index) => (
        <div key={index} className={styles.column} style={{ gap: GALLERY.gapPx }} data-testid="masonry-column">
          {column.map((slot, row) => (
            <div key={slot.key} className={onFirstScreen(row) ? styles.still : styles.cell}>
              {renderSlot(slot, { row })}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
