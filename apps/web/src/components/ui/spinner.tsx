// A small rotating ring. Decorative unless given a label (then it is a status with that name).
import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: number;
  label?: string;
  className?: string;
}

export function Spinner({ size = 18, label, className }: SpinnerProps) {
  return (
    <span
      className={[styles.spinner, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="spinner"
    />
  );
}
