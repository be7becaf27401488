// Confirms one moderation decision, saying what it does, with an optional note for the audit log.
import type { TModerationDecision, TModerationKind } from '@velvet/contracts/admin/moderation';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './moderation.module.css';

export const DECISION_LABELS: Record<TModerationDecision, string> = {
  approve: 'Approve',
  remove: 'Remove',
  mute: 'Mute member',
  escalate: 'Escalate',
};

function explain(decision: TModerationDecision, kind: TModerationKind): string {
  switch (decision) {
    case 'approve':
      return kind === 'report'
        ? 'Dismiss the reports. If the reports hid the image, it goes back to Explore.'
        : 'Release the picture: it is stored and shown to its owner like any other image.';
    case 'remove':
      return kind === 'report'
        ? 'Unpublish the image for good: it leaves Explore and its owner cannot publish it again.'
        : 'Delete every stored copy of the picture (the picture and any thumbnail). This cannot be undone.';
    case 'mute':
      return 'The member cannot generate images for the mute period. The item stays in the queue.';
    case 'escalate':
      return "Keep a record of the member's safety log for a report to the authorities. The item stays in the queue.";
  }
}

export function ModerationDecisionDialog({
  decision,
  kind,
  busy,
  onConfirm,
  onClose,
}: {
  decision: TModerationDecision | null;
  kind: TModerationKind;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const id = useId();
  if (!decision) return null;
  const danger = decision !== 'approve';
  return (
    <Modal
      open
      title={`${DECISION_LABELS[decision]}?`}
      onClose={busy ? undefined : onClose}
      testId="moderation-confirm"
    >
      <form
        className={styles.dialog}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(note.trim());
        }}
      >
        <p>{explain(decision, kind)}</p>
        <label htmlFor={id}>Note (optional, kept in the audit log)</label>
        <textarea id={id} rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy ? 'Working…' : DECISION_LABELS[decision]}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
