// A row's state in the console (pending, approved, muted, suspended...), coloured by tone.
import type { ReactNode } from 'react';
import styles from './console.module.css';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function StatusBadge({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={[styles.badge, styles[`tone-${tone}`]].join(' ')}>{children}</span>;
}
