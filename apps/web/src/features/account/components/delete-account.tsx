// Delete account section: a warning, a 'Delete Account' button, and a dialog with four acknowledgement
// boxes. The dialog mounts on opening, so every box starts cleared; Delete is enabled only when all
// four are ticked.
import { useRef, useState } from 'react';
import { createAccountDeletionFlags, isAccountDeletionConfirmed } from '@velvet/contracts/client-state';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/form.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useDeleteMemberMutation } from '../api.ts';
import {
  ACCOUNT_DELETION_ITEMS,
  deletionFailureMessage,
  deletionResult,
  toggleDeletionFlag,
} from '../account-messages.ts';
import styles from './account.module.css';

export interface DeleteAccountProps {
  /** The account is gone: log out and leave the page. */
  onDeleted: () => void;
  notify: Notify;
}

export function DeleteAccount({ onDeleted, notify }: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  return (
    <section
      className={`${styles.card} ${styles.danger}`}
      aria-labelledby="delete-heading"
      data-testid="delete-section"
    >
      <h2 id="delete-heading" className={styles.cardTitle}>
        Delete account
      </h2>
      <div className={styles.dangerBody}>
        <p className={styles.muted}>
          Permanently remove your account, your creations and your remaining coins. This cannot be undone.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <TrashIcon size={18} />
          Delete Account
        </Button>
      </div>
      {open ? (
        <DeleteAccountDialog
          onClose={() => setOpen(false)}
          onDeleted={() => {
            setOpen(false);
            onDeleted();
          }}
          notify={notify}
        />
      ) : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose, onDeleted, notify }: DeleteAccountProps & { onClose: () => void }) {
  const [deleteMember, { isLoading }] = useDeleteMemberMutation();
  const [flags, setFlags] = useState(createAccountDeletionFlags);
  const inFlight = useRef(false);
  const confirmed = isAccountDeletionConfirmed(flags);

  const confirm = async () => {
    if (!confirmed || inFlight.current) return;
    inFlight.current = true;
    let message: string;
    try {
      const result = deletionResult(await deleteMember().unwrap());
      if (result.ok) return onDeleted();
      message = result.message;
    } catch (failure) {
      message = deletionFailureMessage(failure);
    } finally {
      inFlight.current = false;
    }
    notify.error(message, { alert: true });
  };

  return (
    <Modal
      open
      title="Delete Account"
      onClose={isLoading ? undefined : onClose}
      describedBy="delete-account-text"
      testId="delete-account-dialog"
    >
      <p id="delete-account-text" className={styles.muted}>
        Please read and confirm each of the following before deleting your account.
      </p>
      <fieldset className={styles.acknowledgements} disabled={isLoading}>
        <legend className="visually-hidden">Acknowledgements</legend>
        {ACCOUNT_DELETION_ITEMS.map(({ flag, text }) => (
          <Checkbox
            key={flag}
            name={flag}
            checked={flags[flag]}
            onCheckedChange={(checked) => setFlags((current) => toggleDeletionFlag(current, flag, checked))}
            className={styles.acknowledgement}
          >
            {text}
          </Checkbox>
        ))}
      </fieldset>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={!confirmed || isLoading}>
          {isLoading ? <Spinner size={16} /> : <TrashIcon size={18} />}
          Delete
        </Button>
      </div>
    </Modal>
  );
}
