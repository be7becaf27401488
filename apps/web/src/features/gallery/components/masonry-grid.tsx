// The masonry grid (spec section 2): as many 300px columns as fit (1 to 5), a 16px gap, slots dealt to
// the columns round-robin. The column count follows the container's width. Each slot is told its row;
// the rows on screen at first paint (masonry.ts, onFirstScreen) appear at once, the others slide in.
import { useMemo, useRef, type ReactNode } from 'react';
import { GALLERY } from '@velvet/contracts/catalog';
import { useElementWidth } from '../hooks/use-element-width.ts';
import { columnCount, dealRoundRobin, onFirstScreen, type GallerySlot } from '../masonry.ts';
import styles from './masonry-grid.module.css';

export interface MasonryGridProps<T> {
  slots: readonly GallerySlot<T>[];
  renderSlot: (slot: GallerySlot<T>, place: { row: number }) => ReactNode;
}

export function MasonryGrid<T>({ slots, renderSlot }: MasonryGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const columns = columnCount(width);
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
