// The frame of the detail view: a dialog on desktop, a full-page sheet under 768px (CSS decides, so
// the same markup serves both). Escape, a backdrop click and the close button close it; focus moves in
// on open and back on close; the page behind does not scroll.
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useDialogBehaviour } from '../../../components/ui/use-dialog-behaviour.ts';
import styles from './detail-shell.module.css';

export interface DetailShellProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

export function DetailShell({ title, onClose, children, testId }: DetailShellProps) {
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
        className={styles.dialog}
        data-testid={testId}
      >
        <h2 id={titleId} className="visually-hidden">
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose} data-testid="detail-close">
          <CloseIcon size={20} />
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
