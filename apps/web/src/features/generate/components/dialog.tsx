// A larger dialog than the shared Modal, with a subtitle, for the style picker (a grid of previews).
// Same behaviour: Escape, a backdrop click and the close button close it; focus moves in on open and
// back on close; body scroll locks.
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useDialogBehaviour } from '../../../components/ui/use-dialog-behaviour.ts';
import styles from './dialog.module.css';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** Shown in the header after the title. */
  subtitle?: ReactNode;
}

export function Dialog({ title, onClose, children, testId, subtitle }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogBehaviour(true, dialogRef, onClose);

  return createPortal(
    <div
      className={styles.backdrop}
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles.picker}`}
        data-testid={testId}
      >
        <header className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
