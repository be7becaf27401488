// Time left until a promise falls due (the 24-hour answer, the automatic refund): '5h 12m left', or
// 'overdue by 2h 03m' in the danger tone. Re-renders every 30 seconds.
import { useEffect, useState } from 'react';
import styles from './console.module.css';

export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(rest).padStart(2, '0')}m`;
  return `${rest}m`;
}

export function Countdown({ until, label }: { until: string | Date; label?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const due = new Date(until).getTime();
  const left = due - now;
  const text = left >= 0 ? `${formatDuration(left)} left` : `overdue by ${formatDuration(left)}`;
  return (
    <time
      dateTime={new Date(due).toISOString()}
      className={[styles.countdown, left < 0 ? styles['tone-danger'] : left < 3_600_000 ? styles['tone-warning'] : '']
        .filter(Boolean)
        .join(' ')}
      title={new Date(due).toLocaleString()}
    >
      {label ? `${label}: ` : ''}
      {text}
    </time>
  );
}
