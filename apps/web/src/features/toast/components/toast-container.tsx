// Renders the toasts; mounted once by the app. Each toast closes itself after its duration, and the
// countdown pauses while the pointer is over it; one without a duration (an error the spec shows as
// an alert) stays until dismissed. Errors are announced assertively (role="alert"), the rest politely
// (role="status"), each from a live region that exists before the toast arrives. While a large
// dialog offers a toast slot (lib/toast-slot.ts), the toasts render there, clear of its controls.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDispatch, useSelector } from 'react-redux';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { useToastSlot } from '../../../lib/toast-slot.ts';
import { startPausableTimer, type PausableTimer } from '../pausable-timer.ts';
import { dismissToast, selectToasts, type Toast } from '../slice.ts';
import styles from './toast-container.module.css';

const ICONS = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon } as const;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const timer = useRef<PausableTimer | null>(null);
  const [paused, setPaused] = useState(false);
  const { durationMs } = toast;

  useEffect(() => {
    if (durationMs === null) return;
    timer.current = startPausableTimer(durationMs, () => onDismiss(toast.id));
    return () => timer.current?.cancel();
  }, [toast.id, durationMs, onDismiss]);

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
      {durationMs === null ? null : (
        <span className={styles.progress} style={{ animationDuration: `${durationMs}ms` }} aria-hidden="true" />
      )}
    </div>
  );
}

export function ToastContainer() {
  const toasts = useSelector(selectToasts);
  const dispatch = useDispatch();
  const slot = useToastSlot();
  const onDismiss = useCallback(
    (id: string) => {
      dispatch(dismissToast(id));
    },
    [dispatch],
  );
  const list = (errors: boolean) =>
    toasts
      .filter((toast) => (toast.variant === 'error') === errors)
      .map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />);
  const region = (
    <section
      className={slot ? `${styles.region} ${styles.inSlot}` : styles.region}
      aria-label="Notifications"
      data-testid="toast-region"
    >
      <div className={styles.stack} aria-live="assertive">
        {list(true)}
      </div>
      <div className={styles.stack} aria-live="polite">
        {list(false)}
      </div>
    </section>
  );
  return slot ? createPortal(region, slot) : region;
}
