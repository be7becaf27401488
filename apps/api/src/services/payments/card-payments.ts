import { randomUUID } from 'node:crypto';
import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import type { BillingPeriod } from '@velvet/contracts/catalog';
import type { Redis } from 'ioredis';
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CardPaymentProvider, CardPaymentEvent } from '../../providers/payments/index.ts';
import { createPayment, findPayment, lockPayment, updatePayment } from '../../repositories/payment.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { assertClientAmount, coinPackPurchase, membershipPurchase, type Purchase } from './catalog.ts';
import { fulfilPurchase, reversePurchase } from './fulfil-purchase.ts';

export const CARDS_NOT_CONFIGURED = 'Card payments are not available right now. Please pay with crypto.';

export interface CardPaymentDeps {
  db: Database;
  redis: Redis;
  cards: CardPaymentProvider | null;
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

function requireCards(deps: CardPaymentDeps): CardPaymentProvider {
  if (!deps.cards) throw new AppError(503, CARDS_NOT_CONFIGURED);
  return deps.cards;
}

/** What a payment row bought, priced again from the catalogue (never from the row's amount). */
function purchaseOf(row: PaymentRow): Purchase {
  return row.kind === 'membership'
    ? membershipPurchase(row.planName ?? '', (row.billingPeriod ?? 'monthly') as BillingPeriod)
    : coinPackPurchase(row.coins);
}

function purchaseFromRequest(body: TCreateIntentRequest): Purchase {
  const purchase =
    body.paymentType === 'membership'
      ? membershipPurchase(body.planName, body.billingPeriod as BillingPeriod)
      : coinPackPurchase(body.coins);
  assertClientAmount(purchase, body.amount);
  return purchase;
}

function describe(purchase: Purchase): string {
  return purchase.kind === 'membership'
    ? `Velvet ${purchase.plan.name} membership (${purchase.period})`
    : `Velvet ${purchase.coins.toLocaleString('en-US')} coins`;
}

async function recordPending(
  deps: CardPaymentDeps,
  provider: CardPaymentProvider,
  memberId: string,
  purchase: Purchase,
  start: (paymentId: string) => Promise<{ id: string }>,
) {
  const paymentId = randomUUID();
  const started = await start(paymentId);
  await createPayment(deps.db, {
    id: paymentId,
    provider: provider.name,
    providerRef: started.id,
    memberId,
    kind: purchase.kind,
    planName: purchase.kind === 'membership' ? purchase.plan.name : null,
    billingPeriod: purchase.kind === 'membership' ? purchase.period : null,
    coins: purchase.coins,
    amountCents: purchase.usdCents,
    currency: 'usd',
  });
  return paymentId;
}

/** POST /api/payment/create-intent: prices the purchase, records it, and opens a card payment. */
export async function startCardPayment(deps: CardPaymentDeps, memberId: string, body: TCreateIntentRequest) {
  const provider = requireCards(deps);
  const purchase = purchaseFromRequest(body);
  let clientSecret = '';
  await recordPending(deps, provider, memberId, purchase, async (paymentId) => {
    const created = await provider.createPayment({
      paymentId,
      memberId,
      amountCents: purchase.usdCents,
      currency: 'usd',
      description: describe(purchase),
    });
    clientSecret = created.clientSecret;
    return created;
  });
  return { clientSecret };
}

/** POST /api/payment/checkout-session: the same purchase through the processor's hosted page. */
export async function startCheckout(
  deps: CardPaymentDeps,
  memberId: string,
  body: TCreateIntentRequest,
  publicUrl: string,
) {
  const provider = requireCards(deps);
  const purchase = purchaseFromRequest(body);
  let url = '';
  let sessionId = '';
  await recordPending(deps, provider, memberId, purchase, async (paymentId) => {
    const created = await provider.createCheckout({
      paymentId,
      memberId,
      amountCents: purchase.usdCents,
      currency: 'usd',
      description: describe(purchase),
      successUrl: `${publicUrl}/payment-success`,
      cancelUrl: `${publicUrl}/payment-cancel`,
    });
    url = created.url;
    sessionId = created.id;
    return created;
  });
  return { url, session_id: sessionId };
}

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
async function settlePaid(
  deps: CardPaymentDeps,
  provider: string,
  providerRef: string,
  paid: { amountCents: number; currency: string },
): Promise<Settlement> {
  const settled = await deps.db.$transaction(async (tx: DatabaseTransaction) => {
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
  });
  if (typeof settled.refused === 'string') throw new AppError(409, settled.refused);
  if (settled.granted) {
    await tryPublishMemberEvent(deps.redis, settled.memberId, { type: 'balance', cur_tokens: settled.balance });
  }
  return settled;
}

/** POST /api/payment/complete: after the card modal confirmed, the server asks the processor. */
export async function completeCardPayment(deps: CardPaymentDeps, memberId: string, paymentIntentId: string) {
  const provider = requireCards(deps);
  const row = await findPayment(deps.db, provider.name, paymentIntentId);
  if (!row || row.memberId !== memberId) throw notFound('Payment');
  const state = await provider.getPayment(paymentIntentId);
  if (state.status !== 'succeeded') {
    throw new AppError(409, 'The payment has not gone through yet. Please try again in a moment.');
  }
  const settled = await settlePaid(deps, provider.name, paymentIntentId, state);
  return { status: 'ok' as const, cur_tokens: settled.balance, member_kind: settled.memberKind };
}

/** POST /api/payment/verify: the /payment-success page checks the checkout session. */
export async function verifyCheckout(deps: CardPaymentDeps, viewerId: string | null, sessionId: string) {
  const provider = requireCards(deps);
  const row = await findPayment(deps.db, provider.name, sessionId);
  if (!row || (viewerId !== null && row.memberId !== viewerId)) throw notFound('Payment');
  const session = await provider.getCheckout(sessionId);
  if (!session.paid) throw new AppError(402, 'The payment was not completed.');
  const settled = await settlePaid(deps, provider.name, sessionId, session);
  return { status: 'ok' as const, cur_tokens: settled.balance };
}

/** Finds our payment row for a processor payment (directly, or through its checkout session). */
async function rowForPaymentRef(deps: CardPaymentDeps, provider: CardPaymentProvider, paymentRef: string) {
  const direct = await findPayment(deps.db, provider.name, paymentRef);
  if (direct) return direct;
  const state = await provider.getPayment(paymentRef);
  if (!state.paymentId) return null;
  return deps.db.payment.findUnique({ where: { id: state.paymentId } });
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
      const row =
        direct ??
        (event.payment.paymentId ? await deps.db.payment.findUnique({ where: { id: event.payment.paymentId } }) : null);
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
        await deps.db.payment.update({
          where: { id: row.id },
          data: { failureReason: `partial refund of ${event.amountRefundedCents} cents: review` },
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

/** A webhook for a tampered or already-failed payment is acknowledged (the processor must not retry). */
async function settleQuietly(settle: () => Promise<unknown>) {
  try {
    await settle();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return;
    throw error;
  }
}
