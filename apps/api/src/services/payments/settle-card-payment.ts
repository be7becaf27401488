import type { DatabaseTransaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockPayment, updatePayment } from '../../repositories/payment.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { purchaseOf, type CardPaymentDeps } from './card-payment-common.ts';
import { fulfilPurchase } from './fulfil-purchase.ts';

interface Settlement {
  balance: number;
  memberKind: string;
  memberId: string;
  granted: boolean;
}

/**
 * Grants a paid payment exactly once, whichever of complete, verify or a webhook (or several at
 * once) gets here first: the payment row is locked and the ledger key `payment:<provider>:<ref>` is
 * unique. The amount the processor actually took must equal what the row priced; otherwise nothing is
 * granted and the payment is marked failed for support.
 */
export async function settlePaid(
  deps: CardPaymentDeps,
  provider: string,
  providerRef: string,
  paid: { amountCents: number; currency: string },
): Promise<Settlement> {
  const settled = await deps.db.$transaction((tx: DatabaseTransaction) =>
    settleInTransaction(tx, provider, providerRef, paid),
  );
  if (typeof settled.refused === 'string') throw new AppError(409, settled.refused);
  if (settled.granted) {
    await tryPublishMemberEvent(deps.redis, settled.memberId, { type: 'balance', cur_tokens: settled.balance });
  }
  return settled;
}

/**
 * settlePaid's work inside the caller's transaction (a processor's postback records its event in the
 * same one): `refused` says why nothing was granted; a mismatch stays committed as a failed payment.
 */
export async function settleInTransaction(
  tx: DatabaseTransaction,
  provider: string,
  providerRef: string,
  paid: { amountCents: number; currency: string },
): Promise<(Settlement & { refused?: undefined }) | { refused: string }> {
  const row = await lockPayment(tx, provider, providerRef);
  if (!row) throw notFound('Payment');
  if (paid.amountCents !== row.amountCents || paid.currency.toLowerCase() !== row.currency) {
    if (row.status === 'pending') {
      await updatePayment(tx, row.id, {
        status: 'failed',
        failureReason: `amount mismatch: processor took ${paid.amountCents} ${paid.currency}, expected ${row.amountCents} ${row.currency}`,
      });
    }
    // Committed (the payment stays marked failed); the caller hears why after the transaction.
    return { refused: 'The paid amount does not match this purchase. Our support team will contact you.' };
  }
  if (row.status === 'failed' || row.status === 'refunded') return { refused: `This payment is ${row.status}.` };
  const fulfilment = await fulfilPurchase(
    tx,
    row.memberId,
    purchaseOf(row),
    `payment:${provider}:${providerRef}`,
    row.id,
  );
  if (row.status !== 'succeeded') {
    await updatePayment(tx, row.id, { status: 'succeeded', completedAt: new Date() });
  }
  return {
    balance: fulfilment.balance,
    memberKind: fulfilment.memberKind,
    memberId: row.memberId,
    granted: fulfilment.granted,
  };
}

/** A webhook for a tampered or already-failed payment is acknowledged (the processor must not retry). */
export async function settleQuietly(settle: () => Promise<unknown>) {
  try {
    await settle();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return;
    throw error;
  }
}
