import type { CardPaymentEvent, CardPaymentProvider } from '../../providers/payments/index.ts';
import { findPayment, findPaymentById, lockPayment, updatePayment } from '../../repositories/payment.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { purchaseOf, requireCards, type CardPaymentDeps, type PaymentRow } from './card-payment-common.ts';
import { reversePurchase } from './fulfil-purchase.ts';
import { settlePaid, settleQuietly } from './settle-card-payment.ts';

/** Finds our payment row for a processor payment (directly, or through its checkout session). */
async function rowForPaymentRef(deps: CardPaymentDeps, provider: CardPaymentProvider, paymentRef: string) {
  const direct = await findPayment(deps.db, provider.name, paymentRef);
  if (direct) return direct;
  const state = await provider.getPayment(paymentRef);
  if (!state.paymentId) return null;
  return findPaymentById(deps.db, state.paymentId);
}

async function reverse(deps: CardPaymentDeps, row: PaymentRow, reason: string, eventId: string) {
  const outcome = await deps.db.$transaction(async (tx) => {
    const locked = await lockPayment(tx, row.provider, row.providerRef);
    // Only a granted payment has anything to take back, and only once.
    if (!locked || locked.status !== 'succeeded') return null;
    const reversal = await reversePurchase(
      tx,
      locked.memberId,
      purchaseOf(locked),
      `payment_reversal:${locked.provider}:${locked.providerRef}`,
      eventId,
    );
    await updatePayment(tx, locked.id, {
      status: 'refunded',
      failureReason: reason,
      reversedCoins: reversal?.reversed ?? 0,
      shortfallCoins: reversal?.shortfall ?? 0,
    });
    return reversal ? { memberId: locked.memberId, balance: reversal.balance } : null;
  });
  if (outcome)
    await tryPublishMemberEvent(deps.redis, outcome.memberId, { type: 'balance', cur_tokens: outcome.balance });
}

/**
 * POST /api/payment/webhook: the processor's signed events. A replayed or duplicated event changes
 * nothing (the settlement and reversal are idempotent); events for payments we do not know are
 * acknowledged and ignored.
 */
export async function handleCardWebhook(
  deps: CardPaymentDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CardPaymentEvent['type']> {
  const provider = requireCards(deps);
  const event = await provider.parseWebhook(rawBody, signature);
  switch (event.type) {
    case 'payment.succeeded': {
      const direct = await findPayment(deps.db, provider.name, event.payment.id);
      const row = direct ?? (event.payment.paymentId ? await findPaymentById(deps.db, event.payment.paymentId) : null);
      if (!row) return 'ignored';
      await settleQuietly(() => settlePaid(deps, provider.name, row.providerRef, event.payment));
      break;
    }
    case 'checkout.completed': {
      if (!event.checkout.paid) return event.type;
      const row = await findPayment(deps.db, provider.name, event.checkout.id);
      if (!row) return 'ignored';
      await settleQuietly(() => settlePaid(deps, provider.name, row.providerRef, event.checkout));
      break;
    }
    case 'payment.refunded': {
      const row = await rowForPaymentRef(deps, provider, event.paymentRef);
      if (!row) return 'ignored';
      if (event.amountRefundedCents >= event.amountCents) {
        await reverse(deps, row, 'refunded', event.eventId);
      } else {
        // A partial refund is a support decision about coins: recorded, nothing taken automatically.
        await updatePayment(deps.db, row.id, {
          failureReason: `partial refund of ${event.amountRefundedCents} cents: review`,
        });
      }
      break;
    }
    case 'payment.disputed': {
      const row = await rowForPaymentRef(deps, provider, event.paymentRef);
      if (!row) return 'ignored';
      await reverse(deps, row, 'disputed', event.eventId);
      break;
    }
    case 'ignored':
      break;
  }
  return event.type;
}
