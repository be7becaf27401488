// The row of filters above a console list: labelled fields that wrap on a narrow screen.
import type { FormEvent, ReactNode } from 'react';
import styles from './console.module.css';

export function FilterBar({
  label,
  children,
  onSubmit,
}: {
  /** The filters' accessible name, e.g. 'Audit log filters'. */
  label: string;
  children: ReactNode;
  /** When given the bar is a form (Enter applies it). */
  onSubmit?: () => void;
}) {
  if (!onSubmit) {
    return (
      <div className={styles.filterBar} role="group" aria-label={label}>
        {children}
      </div>
    );
  }
  return (
    <form
      className={styles.filterBar}
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** One labelled filter (an input or a select as its child). */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={styles.filterField}>
      <span>{label}</span>
      {children}
    </label>
  );
}
