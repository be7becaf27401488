// The Members profile's dialogs: coin adjustment (amount and reason), mute / suspend / restore
// (reason), role change (role and reason). Each asks for a reason the audit log keeps.
import { MAX_COIN_ADJUSTMENT } from '@velvet/contracts/admin/members';
import { MEMBER_ROLES, type TMemberRole } from '@velvet/contracts/admin/roles';
import { useId, useState } from 'react';
import { ReasonDialog } from '../../../components/console/reason-dialog.tsx';
import type { MemberAction } from '../api.ts';
import styles from './members.module.css';

interface Common {
  busy: boolean;
  error: string | null;
  onClose: () => void;
}

export function AdjustCoinsDialog({
  balance,
  onSubmit,
  ...common
}: Common & { balance: number; onSubmit: (delta: number, reason: string) => void }) {
  const [amount, setAmount] = useState('');
  const id = useId();
  const delta = Number(amount);
  const valid = /^-?\d+$/.test(amount.trim()) && delta !== 0 && Math.abs(delta) <= MAX_COIN_ADJUSTMENT;
  return (
    <ReasonDialog
      open
      title="Adjust coins"
      description={`Current balance: ${balance} coins. A negative amount takes coins; the balance never goes below zero.`}
      confirmLabel="Post adjustment"
      canConfirm={valid && balance + delta >= 0}
      testId="adjust-coins-dialog"
      onConfirm={(reason) => onSubmit(delta, reason)}
      {...common}
    >
      <label htmlFor={id} className={styles.fieldLabel}>
        Amount (coins, e.g. 50 or -20)
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      {valid && balance + delta < 0 ? <p className={styles.warning}>That would take the balance below zero.</p> : null}
    </ReasonDialog>
  );
}

const ACTION_TEXT: Record<MemberAction, { title: string; confirm: string; description: string; danger: boolean }> = {
  mute: {
    title: 'Mute member',
    confirm: 'Mute',
    description: 'The member cannot generate images until the mute ends (the configured mute time).',
    danger: true,
  },
  suspend: {
    title: 'Suspend account',
    confirm: 'Suspend',
    description: 'The member is signed out everywhere and cannot sign in until restored.',
    danger: true,
  },
  restore: {
    title: 'Restore member',
    confirm: 'Restore',
    description: 'Lifts the suspension and the mute: the member can sign in and generate again.',
    danger: false,
  },
};

export function MemberActionDialog({
  action,
  onSubmit,
  ...common
}: Common & { action: MemberAction; onSubmit: (reason: string) => void }) {
  const text = ACTION_TEXT[action];
  return (
    <ReasonDialog
      open
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      danger={text.danger}
      testId={`${action}-dialog`}
      onConfirm={onSubmit}
      {...common}
    />
  );
}

export function ChangeRoleDialog({
  current,
  onSubmit,
  ...common
}: Common & { current: TMemberRole; onSubmit: (role: TMemberRole, reason: string) => void }) {
  const [role, setRole] = useState<TMemberRole>(current === 'member' ? 'support' : 'member');
  const id = useId();
  return (
    <ReasonDialog
      open
      title="Change role"
      description="Support opens the console; admin also grants roles. Takes effect at the member's next request."
      confirmLabel="Change role"
      canConfirm={role !== current}
      testId="role-dialog"
      onConfirm={(reason) => onSubmit(role, reason)}
      {...common}
    >
      <label htmlFor={id} className={styles.fieldLabel}>
        New role
      </label>
      <select
        id={id}
        className={styles.input}
        value={role}
        onChange={(event) => setRole(event.target.value as TMemberRole)}
      >
        {MEMBER_ROLES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </ReasonDialog>
  );
}
