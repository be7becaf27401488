// Renders the toasts; mounted once by the app. Each toast closes itself after its duration, and the
// countdown pauses while the pointer is over it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { startPausableTimer, type PausableTimer } from '../pausable-timer.ts';
import { dismissToast, selectToasts, type Toast } from '../slice.ts';
import styles from './toast-container.module.css';

const ICONS = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon } as const;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const timer = useRef<PausableTimer | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    timer.current = startPausableTimer(toast.durationMs, () => onDismiss(toast.id));
    return () => timer.current?.cancel();
  }, [toast.id, toast.durationMs, onDismiss]);

  const Icon = ICONS[toast.variant];
  return (
    <div
      className={`${styles.toast} ${styles[toast.variant]}`}
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-variant={toast.variant}
      data-paused={paused}
      data-testid="toast"
      onMouseEnter={() => {
        timer.current?.pause();
        setPaused(true);
      }}
      onMouseLeave={() => {
        timer.current?.resume();
        setPaused(false);
      }}
    >
      <span className={styles.icon} aria-hidden="true">
        <Icon size={16} />
      </span>
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
      <span className={styles.progress} style={{ animationDuration: `${toast.durationMs}ms` }} aria-hidden="true" />
    </div>
  );
}

export function ToastContainer() {
  const toasts = useSelector(selectToasts);
  const dispatch = useDispatch();
  const onDismiss = useCallback(
    (id: string) => {
      dispatch(dismissToast(id));
    },
    [dispatch],
  );
  return (
    <div className={styles.region} aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
