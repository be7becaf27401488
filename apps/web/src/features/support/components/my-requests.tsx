// The member's own support requests under the support form (issue 15): each with its option, date,
// status and support's replies, newest first. Read again after a request is sent.
import type { TMyQnaItem } from '@velvet/contracts/support/list-my-qna';
import { SUPPORT_OPTIONS } from '@velvet/contracts/options';
import styles from './my-requests.module.css';

const STATUS_LABELS: Record<TMyQnaItem['status'], string> = {
  new: 'Waiting for an answer',
  answered: 'Answered',
  closed: 'Closed',
};

const optionLabel = (value: string) => SUPPORT_OPTIONS.find((option) => option.value === value)?.label ?? value;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function MyRequests({ requests, loading }: { requests: readonly TMyQnaItem[]; loading: boolean }) {
  return (
    <section className={styles.section} aria-labelledby="my-requests-title" data-testid="my-requests">
      <h2 id="my-requests-title" className={styles.title}>
        Your requests
      </h2>
      {requests.length === 0 ? (
        <p className={styles.muted}>{loading ? 'Loading…' : 'You have not sent a request yet.'}</p>
      ) : (
        <ol className={styles.list}>
          {requests.map((request) => (
            <li key={request.id} className={styles.item} data-testid="my-request" data-status={request.status}>
              <header className={styles.head}>
                <span className={styles.option}>{optionLabel(request.option)}</span>
                <time dateTime={request.created_at} className={styles.muted}>
                  {when(request.created_at)}
                </time>
                <span className={`${styles.status} ${styles[request.status]}`}>{STATUS_LABELS[request.status]}</span>
              </header>
              <p className={styles.contents}>{request.contents}</p>
              {request.replies.length > 0 ? (
                <ol className={styles.replies} aria-label="Replies from support">
                  {request.replies.map((reply) => (
                    <li key={reply.id} className={styles.reply} data-testid="my-request-reply">
                      <p className={styles.replyMeta}>
                        Velvet support · <time dateTime={reply.created_at}>{when(reply.created_at)}</time>
                      </p>
                      <p className={styles.contents}>{reply.body}</p>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
