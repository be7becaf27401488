// Account section: the nickname with Edit/Save (view -> edit -> saving -> view; a Save while one is
// in flight is ignored) and the email.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@velvet/contracts/catalog';
import { Button } from '../../../components/ui/button.tsx';
import { MailIcon, PencilIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useUpdateMemberMutation } from '../api.ts';
import { ACCOUNT_MESSAGES, nicknameFailureMessage, nicknameResult } from '../account-messages.ts';
import styles from './account.module.css';

export interface AccountDetailsProps {
  nickname: string;
  email: string;
  onNicknameSaved: (nicname: string) => void;
  notify: Notify;
}

type Mode = 'view' | 'edit' | 'saving';

export function AccountDetails({ nickname, email, onNicknameSaved, notify }: AccountDetailsProps) {
  const [updateMember] = useUpdateMemberMutation();
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(nickname);
  const inFlight = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const startEdit = () => {
    setDraft(nickname);
    setMode('edit');
  };

  const save = async () => {
    if (inFlight.current) return;
    const wanted = draft.trim();
    if (wanted === nickname) return setMode('view');
    inFlight.current = true;
    setMode('saving');
    let message: string;
    try {
      const result = nicknameResult(await updateMember({ nicname: wanted }).unwrap());
      if (result.ok) {
        onNicknameSaved(result.value);
        notify.success(ACCOUNT_MESSAGES.nicknameUpdated);
        setMode('view');
        return;
      }
      message = result.message;
    } catch (failure) {
      message = nicknameFailureMessage(failure);
    } finally {
      inFlight.current = false;
    }
    notify.error(message, { alert: true });
    setMode('edit');
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && mode === 'edit') {
      event.preventDefault();
      setMode('view');
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-heading" data-testid="account-section">
      <h2 id="account-heading" className={styles.cardTitle}>
        Account
      </h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt className={styles.term}>
            <UserIcon size={18} />
            Nickname
          </dt>
          <dd className={styles.value}>
            {mode === 'view' ? (
              <div className={styles.inline}>
                <span className={styles.strong} data-testid="account-nickname">
                  {nickname || '—'}
                </span>
                <Button variant="secondary" size="sm" onClick={startEdit}>
                  <PencilIcon size={16} />
                  Edit
                </Button>
              </div>
            ) : (
              <form className={styles.inlineForm} onSubmit={onSubmit} aria-busy={mode === 'saving' || undefined}>
                <input
                  ref={inputRef}
                  className={styles.input}
                  aria-label="Nickname"
                  name="nicname"
                  autoComplete="nickname"
                  maxLength={LIMITS.nicnameMaxLength}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={onKeyDown}
                  readOnly={mode === 'saving'}
                  autoFocus
                />
                <div className={styles.inlineActions}>
                  <Button type="submit" variant="primary" size="sm" disabled={mode === 'saving'}>
                    {mode === 'saving' ? <Spinner size={14} /> : null}
                    Save
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setMode('view')} disabled={mode === 'saving'}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>
            <MailIcon size={18} />
            Email
          </dt>
          <dd className={styles.value}>
            <span className={styles.strong} data-testid="account-email">
              {email}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
