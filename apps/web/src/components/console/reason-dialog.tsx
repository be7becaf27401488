// A confirmation that needs a written reason (reject a claim, adjust coins, suspend...): the action
// stays disabled until the reason is long enough; the server checks it again.
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import styles from './console.module.css';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What will happen, shown above the reason. */
  description?: ReactNode;
  /** Extra fields (an amount...) above the reason. */
  children?: ReactNode;
  confirmLabel: string;
  minLength?: number;
  busy?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
  /** False keeps the button disabled (an extra field is not valid yet). */
  canConfirm?: boolean;
  danger?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  testId?: string;
}

export function ReasonDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  minLength = 5,
  busy = false,
  error,
  canConfirm = true,
  danger = false,
  onConfirm,
  onClose,
  testId,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  const tooShort = reason.trim().length < minLength;
  return (
    <Modal open={open} title={title} onClose={busy ? undefined : onClose} testId={testId}>
      <form
        className={styles.dialogBody}
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooShort && canConfirm) onConfirm(reason.trim());
        }}
      >
        {description ? <div className={styles.dialogText}>{description}</div> : null}
        {children}
        <label htmlFor={id} className={styles.fieldLabel}>
          Reason (at least {minLength} characters, kept in the audit log)
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          value={reason}
          rows={3}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || tooShort || !canConfirm}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
