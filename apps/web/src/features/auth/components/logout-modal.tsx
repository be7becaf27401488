// Logout confirmation. Escape or a backdrop click closes it.
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './auth-modals.module.css';

export interface LogoutModalProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function LogoutModal({ open, onClose, onConfirm }: LogoutModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Log out" testId="logout-modal" describedBy="logout-text">
      <p id="logout-text" className={styles.text}>
        Are you sure you want to log out?
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          Log out
        </Button>
      </div>
    </Modal>
  );
}
