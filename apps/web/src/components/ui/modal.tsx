// A dialog rendered over the page. Escape and a backdrop click close it (unless `dismissible` is
// false, as for the adult gate); focus moves into it on open and back on close.
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';
import { useDialogBehaviour } from './use-dialog-behaviour.ts';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  children?: ReactNode;
  /** Escape, backdrop click and the close button; default true. */
  dismissible?: boolean;
  /** md 420px, wide 520px, picker 820px (a grid of previews). */
  size?: 'md' | 'wide' | 'picker';
  /** Full-screen, opaque presentation used by the adult gate. */
  variant?: 'default' | 'gate';
  /** Hides the title from view but keeps it as the dialog's name. */
  hideTitle?: boolean;
  /** aria-describedby target id. */
  describedBy?: string;
  testId?: string;
}

export function Modal({
  open,
  title,
  onClose,
  children,
  dismissible = true,
  size = 'md',
  variant = 'default',
  hideTitle = false,
  describedBy,
  testId,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const canDismiss = dismissible && onClose !== undefined;
  useDialogBehaviour(open, dialogRef, canDismiss ? onClose : undefined);

  if (!open) return null;

  return createPortal(
    <div
      className={[styles.backdrop, variant === 'gate' ? styles.gate : undefined].filter(Boolean).join(' ')}
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(event) => {
        if (canDismiss && event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, size === 'md' ? undefined : styles[size]].filter(Boolean).join(' ')}
        data-testid={testId}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {canDismiss ? (
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
