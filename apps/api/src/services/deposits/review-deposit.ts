// PATCH /api/admin/deposits/:id: support's decision on a deposit that needs review. `credit` grants the
// purchase (an underpayment or a late payment support accepts) exactly once; `refuse` (older name
// `close`) records that there is nothing to grant (refunded outside the product, or abandoned) and
// marks an uncredited deposit failed. Both keep the note and who decided, and write the audit log in
// the same transaction. The row is locked: of two decisions at once, the second is a 409 naming the
// first ('Already handled: credited by ... at ...'); the ledger key guards the coins as well.
import type { TReviewDepositRequest } from '@velvet/contracts/admin/deposits';
import type { CryptoCoin } from '@velvet/contracts/options';
import { AppError, notFound } from '../../errors.ts';
import { nowPaymentsCreditKey } from '../../providers/payments/nowpayments/status.ts';
import type { DepositRow } from '../../repositories/deposit.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { alreadyHandled } from '../moderation/already-handled.ts';
import { lockDeposit, updateDeposit } from '../../repositories/deposit.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { fulfilPurchase, type Fulfilment } from '../payments/fulfil-purchase.ts';
import type { DepositDeps } from './deps.ts';
import { creditKey, finalPaymentsInOrder, parseStoredPayments } from './deposit-state.ts';
import { supportDepositView } from './deposit-views.ts';
import { GATEWAY_NOWPAYMENTS } from './gateway-deposit.ts';
import { depositEvent, purchaseOfDeposit } from './settle-deposit.ts';

/** What the audit log keeps of a deposit before and after a decision. */
const auditView = (row: DepositRow) => ({
  status: row.status,
  outcome: row.outcome,
  needs_review: row.needsReview,
  coins: row.coins,
  received: row.receivedAmount?.toFixed() ?? null,
});

export async function reviewDeposit(
  deps: DepositDeps,
  actor: ConsoleActor,
  id: string,
  body: Required<TReviewDepositRequest>,
  now = new Date(),
) {
  const refuse = body.action !== 'credit';
  const result = await deps.db.$transaction(async (tx) => {
    const row = await lockDeposit(tx, id);
    if (!row) throw notFound('Deposit');
    // A person decided it already (needs_review cleared by a review): say who and when.
    if (!row.needsReview && row.reviewedAt) {
      const what = row.status === 'credited' ? 'credited' : row.status === 'failed' ? 'refused' : 'reviewed';
      throw alreadyHandled(what, row.reviewedBy, row.reviewedAt);
    }
    const review = { needsReview: false, reviewNote: body.note, reviewedBy: actor.id, reviewedAt: now };
    const audit = (after: DepositRow) =>
      recordAuditEntry(tx, {
        actor,
        action: refuse ? 'deposit.refuse' : 'deposit.credit',
        targetType: 'deposit',
        targetId: id,
        before: auditView(row),
        after: auditView(after),
        note: body.note,
      });
    if (refuse) {
      const status = row.status === 'credited' ? 'credited' : 'failed';
      const updated = await updateDeposit(tx, id, { ...review, status });
      await audit(updated);
      return { row: updated, changed: status !== row.status, fulfilment: undefined };
    }
    if (row.status === 'credited')
      throw alreadyHandled('credited', row.reviewedBy ?? 'the deposit watcher', row.creditedAt);
    if (row.status === 'failed') throw new AppError(409, 'This deposit was closed; it cannot be credited');
    const payments = finalPaymentsInOrder(parseStoredPayments(row.payments));
    if (payments.length === 0)
      throw new AppError(409, 'Nothing final has arrived for this deposit; there is nothing to credit');
    // The status below stops the watcher (it settles under the same row lock); the ledger key, named
    // after the first final payment, guards the coins as well. A hosted gateway's deposit uses the key
    // its notifications credit with, so support and a late 'finished' cannot both grant.
    const first = payments[0]!;
    const key =
      row.gateway === GATEWAY_NOWPAYMENTS && row.gatewayRef
        ? nowPaymentsCreditKey(row.gatewayRef)
        : creditKey(row.coin as CryptoCoin, row.address, first);
    const fulfilment: Fulfilment = await fulfilPurchase(tx, row.memberId, purchaseOfDeposit(row), key, row.id, now);
    const updated = await updateDeposit(tx, id, {
      ...review,
      status: 'credited',
      creditedAt: now,
      txid: row.txid ?? first.txid,
    });
    await audit(updated);
    return { row: updated, changed: true, fulfilment };
  });
  if (result.changed) {
    await tryPublishMemberEvent(
      deps.redis,
      result.row.memberId,
      depositEvent(result.row, result.row.status, result.fulfilment),
    );
  }
  if (result.fulfilment?.granted) {
    await tryPublishMemberEvent(deps.redis, result.row.memberId, {
      type: 'balance',
      cur_tokens: result.fulfilment.balance,
    });
  }
  return { status: 'ok' as const, deposit: supportDepositView(result.row) };
}
