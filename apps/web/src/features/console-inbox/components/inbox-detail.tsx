// One support request: what the member asked, the replies so far, a reply box and Close, and the
// member's context (balance, tier, recent generations, payments, claims) beside it.
import { LIMITS } from '@velvet/contracts/catalog';
import { useId } from 'react';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { Countdown } from '../../../components/console/countdown.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { MemberContextCard } from '../../../components/console/member-context-card.tsx';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { InboxState } from '../hooks/use-inbox.ts';
import styles from './inbox.module.css';
import { optionLabel } from '../inbox-labels.ts';

export function InboxDetail({ inbox }: { inbox: InboxState }) {
  const replyId = useId();
  const detail = inbox.detail;
  if (!detail) {
    return <p className={styles.muted}>{inbox.detailLoading ? 'Loading…' : 'This request could not be read.'}</p>;
  }
  const { item, replies, member } = detail;
  const closed = item.status === 'closed';
  return (
    <div className={styles.detail} data-testid="inbox-detail">
      <AlreadyHandledNotice message={inbox.handled} onDismiss={inbox.dismissHandled} />
      <section className={styles.request} aria-label="Support request">
        <header className={styles.requestHead}>
          <h2 className={styles.requestTitle}>{optionLabel(item.option)}</h2>
          <StatusBadge tone={item.status === 'new' ? 'info' : item.status === 'answered' ? 'success' : 'neutral'}>
            {item.status}
          </StatusBadge>
          {item.status === 'new' ? <Countdown until={item.due_at} label="Answer due" /> : null}
        </header>
        <p className={styles.muted}>
          {item.member_id ?? '(deleted account)'} · received {formatConsoleTime(item.created_at)}
        </p>
        <p className={styles.contents} data-testid="inbox-contents">
          {item.contents}
        </p>
        {closed ? (
          <p className={styles.muted}>
            Closed{item.closed_by ? ` by ${item.closed_by}` : ''} {formatConsoleTime(item.closed_at)}
          </p>
        ) : null}
      </section>

      <section aria-label="Replies">
        <h3 className={styles.subtitle}>Replies ({replies.length})</h3>
        {replies.length === 0 ? <p className={styles.muted}>No reply yet.</p> : null}
        <ol className={styles.thread}>
          {replies.map((reply) => (
            <li key={reply.id} className={styles.reply} data-testid="inbox-reply">
              <p className={styles.muted}>
                {reply.author_id} · {formatConsoleTime(reply.created_at)}
              </p>
              <p className={styles.contents}>{reply.body}</p>
            </li>
          ))}
        </ol>
      </section>

      {closed ? null : (
        <form
          className={styles.replyForm}
          onSubmit={(event) => {
            event.preventDefault();
            void inbox.sendReply();
          }}
        >
          <label htmlFor={replyId} className={styles.subtitle}>
            Reply to the member (mailed, and shown under their support form)
          </label>
          <textarea
            id={replyId}
            className={styles.textarea}
            rows={5}
            maxLength={LIMITS.qnaContentsMaxLength}
            value={inbox.draft}
            onChange={(event) => inbox.setDraft(event.target.value)}
            disabled={!item.member_id}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={inbox.replying || !inbox.draft.trim() || !item.member_id}>
              {inbox.replying ? 'Sending…' : 'Send reply'}
            </Button>
            <Button variant="secondary" onClick={() => void inbox.closeRequest()} disabled={inbox.closing}>
              {inbox.closing ? 'Closing…' : 'Close request'}
            </Button>
          </div>
        </form>
      )}

      {member ? <MemberContextCard member={member} /> : <p className={styles.muted}>The member deleted the account.</p>}
    </div>
  );
}
