// PATCH /api/admin/deposits/:id: support's decision on a deposit that needs review. `credit` grants the
// purchase (an underpayment or a late payment support accepts) exactly once; `close` records that
// there is nothing to grant (refunded outside the product, or abandoned) and marks an uncredited
// deposit failed. Both keep the note and who decided.
import type { TReviewDepositRequest } from '@velvet/contracts/admin/deposits';
import type { CryptoCoin } from '@velvet/contracts/options';
import { AppError, notFound } from '../../errors.ts';
import { lockDeposit, updateDeposit } from '../../repositories/deposit.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { fulfilPurchase, type Fulfilment } from '../payments/fulfil-purchase.ts';
import type { DepositDeps } from './deps.ts';
import { creditKey, finalPaymentsInOrder, parseStoredPayments } from './deposit-state.ts';
import { supportDepositView } from './deposit-views.ts';
import { depositEvent, purchaseOfDeposit } from './settle-deposit.ts';

export async function reviewDeposit(
  deps: DepositDeps,
  adminId: string,
  id: string,
  body: Required<TReviewDepositRequest>,
  now = new Date(),
) {
  const result = await deps.db.$transaction(async (tx) => {
    const row = await lockDeposit(tx, id);
    if (!row) throw notFound('Deposit');
    const review = { needsReview: false, reviewNote: body.note, reviewedBy: adminId, reviewedAt: now };
    if (body.action === 'close') {
      const status = row.status === 'credited' ? 'credited' : 'failed';
      return {
        row: await updateDeposit(tx, id, { ...review, status }),
        changed: status !== row.status,
        fulfilment: undefined,
      };
    }
    if (row.status === 'credited') throw new AppError(409, 'This deposit was credited already');
    if (row.status === 'failed') throw new AppError(409, 'This deposit was closed; it cannot be credited');
    const payments = finalPaymentsInOrder(parseStoredPayments(row.payments));
    if (payments.length === 0)
      throw new AppError(409, 'Nothing final has arrived for this deposit; there is nothing to credit');
    // The status below stops the watcher (it settles under the same row lock); the ledger key, named
    // after the first final payment, guards the coins as well.
    const first = payments[0]!;
    const fulfilment: Fulfilment = await fulfilPurchase(
      tx,
      row.memberId,
      purchaseOfDeposit(row),
      creditKey(row.coin as CryptoCoin, row.address, first),
      row.id,
      now,
    );
    const updated = await updateDeposit(tx, id, {
      ...review,
      status: 'credited',
      creditedAt: now,
      txid: row.txid ?? first.txid,
    });
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
