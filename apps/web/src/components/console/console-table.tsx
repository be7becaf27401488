// The support console's list: a plain table (scrolls sideways on a phone), a line when it is empty,
// and 'Load more' for the next keyset page. Rows may open something (onRowClick / a link in a cell).
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import styles from './console.module.css';

export interface ConsoleColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Narrow columns (a badge, a number) do not wrap. */
  nowrap?: boolean;
}

export interface ConsoleTableProps<T> {
  caption: string;
  columns: readonly ConsoleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
  loading?: boolean;
  /** Shown when another page follows. */
  onLoadMore?: (() => void) | undefined;
  loadingMore?: boolean;
  onRowClick?: (row: T) => void;
  selectedKey?: string | null;
  testId?: string;
}

export function ConsoleTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here.',
  loading = false,
  onLoadMore,
  loadingMore = false,
  onRowClick,
  selectedKey,
  testId,
}: ConsoleTableProps<T>) {
  return (
    // Focusable and named: a table wider than the screen scrolls sideways with the keyboard too.
    <div className={styles.tableWrap} data-testid={testId} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                className={[
                  onRowClick ? styles.clickable : undefined,
                  selectedKey === key ? styles.selected : undefined,
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                data-row-key={key}
              >
                {columns.map((column) => (
                  <td key={column.key} className={column.nowrap ? styles.nowrap : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 ? <p className={styles.empty}>{loading ? 'Loading…' : empty}</p> : null}
      {onLoadMore ? (
        <div className={styles.more}>
          <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
