// The adult-consent gate: shown until consent is stored; it cannot be dismissed any other way.
import { POLICY } from '@velvet/contracts/catalog';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './adult-gate.module.css';

export interface AdultGateProps {
  open: boolean;
  onEnter: () => void;
  onLeave: () => void;
}

export function AdultGate({ open, onEnter, onLeave }: AdultGateProps) {
  return (
    <Modal
      open={open}
      title="Adults only"
      dismissible={false}
      variant="gate"
      hideTitle
      describedBy="adult-gate-text"
      testId="adult-gate"
    >
      <div className={styles.body}>
        <div className={styles.badge} aria-hidden="true">
          {POLICY.minimumAge}+
        </div>
        <p className={styles.title} aria-hidden="true">
          Adults only
        </p>
        <p id="adult-gate-text" className={styles.text}>
          This site contains <strong>adult content</strong> and is intended for people aged{' '}
          <strong>{POLICY.minimumAge} or over</strong> only. By entering you confirm that you are at least{' '}
          {POLICY.minimumAge} years old and that viewing such material is legal where you live.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" size="lg" onClick={onLeave}>
            Leave Site
          </Button>
          <Button variant="primary" size="lg" onClick={onEnter} autoFocus>
            Enter Site
          </Button>
        </div>
        <p className={styles.fine}>Your choice is remembered on this device.</p>
      </div>
    </Modal>
  );
}
