// Login/register modal. For now a shell: the form arrives with the accounts work.
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './auth-modals.module.css';

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

export function LoginModal({ open, onClose }: LoginModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Welcome Back" testId="login-modal">
      <div className={styles.stack}>
        <p className={styles.text}>Sign in to generate images, like and collect your favourites.</p>
      </div>
    </Modal>
  );
}
