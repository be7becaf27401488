// GET /api/payment/verotel/postback (issue 16, docs/payments.md "Verotel FlexPay"): Verotel's signed
// postbacks mapped onto the fulfilment and reversal services. Each event is recorded in payment_events
// by its idempotency key in the same transaction as what it changes, so a replay (even many at once)
// changes nothing and a failure leaves no half state. Verotel retries until it reads `OK`, so every
// verified postback is answered OK, acted on or not; only an unverified one is refused (400).
import { FREE_MEMBER_KIND } from '@velvet/contracts/options';
import type { DatabaseTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isVerotelProvider, type VerotelProvider } from '../../providers/payments/verotel.ts';
import { FlexPayPostbackError, type FlexPayPostbackEvent } from '../../providers/payments/verotel/postback.ts';
import {
  countPaymentEvents,
  findLedgerEntryByKey,
  findPayment,
  findPaymentBySale,
  insertPaymentEvent,
  lockMember,
  lockPayment,
  setMembership,
  setPaymentEventOutcome,
  updatePayment,
} from '../../repositories/payment.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { purchaseOf, type CardPaymentDeps, type PaymentRow } from './card-payment-common.ts';
import { fulfilPurchase, reversePurchase } from './fulfil-purchase.ts';
import { settleInTransaction } from './settle-card-payment.ts';

const PROVIDER = 'verotel';

/** The logger calls this service makes (the request's logger in the route). */
export interface PostbackLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the postback did, as recorded in payment_events.outcome. */
export type PostbackOutcome =
  | 'granted'
  | 'already_granted'
  | 'refused'
  | 'renewed'
  | 'renewal_stopped'
  | 'renewal_resumed'
  | 'extended'
  | 'expired'
  | 'reversed'
  | 'partial_refund'
  | 'nothing_to_reverse'
  | 'duplicate'
  | 'ignored';

type Event = Exclude<FlexPayPostbackEvent, { event: 'ignored' }>;
type Grant = Extract<Event, { event: 'purchase' | 'initial' }>;
type Rebill = Extract<Event, { event: 'rebill' }>;
type Reversal = Extract<Event, { event: 'credit' | 'chargeback' }>;
type StateChange = Extract<Event, { event: 'cancel' | 'uncancel' | 'extend' | 'expiry' }>;

interface Done {
  outcome: PostbackOutcome;
  /** A member whose balance changed, told over the live events channel after the commit. */
  balance?: { memberId: string; coins: number };
}

function requireVerotel(deps: CardPaymentDeps): VerotelProvider {
  // Another processor (or none) takes cards here: there is no Verotel shop to post back to.
  if (!isVerotelProvider(deps.cards)) throw new AppError(404, 'No Verotel shop is configured on this server');
  return deps.cards;
}

/** YYYY-MM-DD as the processor's date column stores it. */
const dateOnly = (date: string | null) => (date === null ? null : new Date(`${date}T00:00:00Z`));

/** Our payment row of an event: by our referenceID (providerRef), else by Verotel's saleID. */
async function rowOf(deps: CardPaymentDeps, event: FlexPayPostbackEvent): Promise<PaymentRow | null> {
  const byReference = event.referenceID ? await findPayment(deps.db, PROVIDER, event.referenceID) : null;
  return byReference ?? (await findPaymentBySale(deps.db, PROVIDER, event.saleID));
}

const eventRow = (event: FlexPayPostbackEvent, eventKey: string, paymentId: string | null, outcome: string) => ({
  provider: PROVIDER,
  eventKey,
  paymentId,
  event: event.event === 'ignored' ? event.eventName : event.event,
  params: event.params,
  outcome,
});

/** purchase / initial: the same settlement as the return page's verify, so the two grant once together. */
async function grant(tx: DatabaseTransaction, row: PaymentRow, event: Grant, log: PostbackLog): Promise<Done> {
  const settled = await settleInTransaction(tx, PROVIDER, row.providerRef, {
    amountCents: event.amountCents,
    currency: event.currency,
  });
  await updatePayment(tx, row.id, {
    saleId: event.saleID,
    recurring: event.event === 'initial' && event.subscriptionType === 'recurring',
    nextChargeOn: event.event === 'initial' ? dateOnly(event.nextChargeOn) : null,
  });
  if (settled.refused !== undefined) {
    log.error(
      { paymentId: row.id, saleID: event.saleID, amountCents: event.amountCents, currency: event.currency },
      `Verotel postback not granted: ${settled.refused}`,
    );
    return { outcome: 'refused' };
  }
  return {
    outcome: settled.granted ? 'granted' : 'already_granted',
    ...(settled.granted ? { balance: { memberId: settled.memberId, coins: settled.balance } } : {}),
  };
}

/** rebill: the plan again (coins, one more period), once per rebill transaction. */
async function rebill(tx: DatabaseTransaction, row: PaymentRow, event: Rebill, log: PostbackLog): Promise<Done> {
  const locked = await lockPayment(tx, PROVIDER, row.providerRef);
  if (!locked || locked.status !== 'succeeded') return { outcome: 'ignored' };
  if (event.amountCents !== locked.amountCents || event.currency.toLowerCase() !== locked.currency) {
    log.error(
      { paymentId: locked.id, saleID: event.saleID, amountCents: event.amountCents, currency: event.currency },
      'Verotel rebill not granted: the amount does not match the plan',
    );
    await updatePayment(tx, locked.id, {
      failureReason: `rebill amount mismatch: ${event.amountCents} ${event.currency}, expected ${locked.amountCents} ${locked.currency}`,
    });
    return { outcome: 'refused' };
  }
  const fulfilment = await fulfilPurchase(tx, locked.memberId, purchaseOf(locked), event.idempotencyKey, locked.id);
  await updatePayment(tx, locked.id, {
    saleId: event.saleID,
    recurring: true,
    nextChargeOn: dateOnly(event.nextChargeOn),
  });
  return {
    outcome: fulfilment.granted ? 'renewed' : 'already_granted',
    ...(fulfilment.granted ? { balance: { memberId: locked.memberId, coins: fulfilment.balance } } : {}),
  };
}

/**
 * credit / chargeback of one transaction (parentID): the initial sale's row through the usual reversal
 * (status refunded), a rebill's grant by its own ledger key. Never below zero; the membership ends.
 */
async function reverse(tx: DatabaseTransaction, row: PaymentRow, event: Reversal): Promise<Done> {
  const locked = await lockPayment(tx, PROVIDER, row.providerRef);
  if (!locked) return { outcome: 'ignored' };
  const reason = event.event === 'chargeback' ? 'disputed' : 'refunded';
  const parentKey = event.parentID ? `verotel:${event.saleID}:${event.parentID}` : null;
  const rebillGrant = parentKey ? await findLedgerEntryByKey(tx, parentKey) : null;
  // The subscription ends at Verotel with its refund: no more renewals.
  const stopRenewal = locked.recurring
    ? { renewalStoppedAt: locked.renewalStoppedAt ?? new Date(), nextChargeOn: null }
    : {};
  if (event.event === 'credit' && event.amountCents < locked.amountCents) {
    // A partial refund is a support decision about coins (as with Stripe): recorded, nothing taken.
    await updatePayment(tx, locked.id, {
      ...stopRenewal,
      failureReason: `partial refund of ${event.amountCents} cents: review`,
    });
    return { outcome: 'partial_refund' };
  }
  if (rebillGrant) {
    const reversal = await reversePurchase(
      tx,
      locked.memberId,
      purchaseOf(locked),
      `payment_reversal:${parentKey}`,
      event.idempotencyKey,
    );
    await updatePayment(tx, locked.id, {
      ...stopRenewal,
      failureReason: `rebill ${event.parentID} ${reason}`,
      reversedCoins: { increment: reversal?.reversed ?? 0 },
      shortfallCoins: { increment: reversal?.shortfall ?? 0 },
    });
    return reversal
      ? { outcome: 'reversed', balance: { memberId: locked.memberId, coins: reversal.balance } }
      : { outcome: 'nothing_to_reverse' };
  }
  if (locked.status !== 'succeeded') {
    await updatePayment(tx, locked.id, stopRenewal);
    return { outcome: 'nothing_to_reverse' };
  }
  const reversal = await reversePurchase(
    tx,
    locked.memberId,
    purchaseOf(locked),
    `payment_reversal:${PROVIDER}:${locked.providerRef}`,
    event.idempotencyKey,
  );
  await updatePayment(tx, locked.id, {
    ...stopRenewal,
    status: 'refunded',
    failureReason: reason,
    reversedCoins: reversal?.reversed ?? 0,
    shortfallCoins: reversal?.shortfall ?? 0,
  });
  return reversal
    ? { outcome: 'reversed', balance: { memberId: locked.memberId, coins: reversal.balance } }
    : { outcome: 'nothing_to_reverse' };
}

/** The membership end moved to a processor date, at the same time of day; never earlier. */
function endOn(current: Date | null, date: string): Date {
  const target = new Date(`${date}T00:00:00Z`);
  if (current) target.setUTCHours(current.getUTCHours(), current.getUTCMinutes(), current.getUTCSeconds(), 0);
  return current && current > target ? current : target;
}

/** cancel, uncancel, extend, expiry: states, applied each time they arrive (the last one wins). */
async function changeState(tx: DatabaseTransaction, row: PaymentRow, event: StateChange): Promise<Done> {
  const locked = await lockPayment(tx, PROVIDER, row.providerRef);
  if (!locked) return { outcome: 'ignored' };
  switch (event.event) {
    case 'cancel':
      await updatePayment(tx, locked.id, { renewalStoppedAt: new Date(), nextChargeOn: null });
      return { outcome: 'renewal_stopped' };
    case 'uncancel':
      await updatePayment(tx, locked.id, { renewalStoppedAt: null, nextChargeOn: dateOnly(event.nextChargeOn) });
      return { outcome: 'renewal_resumed' };
    case 'extend': {
      const date = event.nextChargeOn ?? event.expiresOn;
      if (event.nextChargeOn) await updatePayment(tx, locked.id, { nextChargeOn: dateOnly(event.nextChargeOn) });
      const member = await lockMember(tx, locked.memberId);
      if (!date || !member || locked.status !== 'succeeded') return { outcome: 'ignored' };
      // A plan taken back (refund, chargeback) is not revived by a later extension.
      if (member.member_kind === FREE_MEMBER_KIND && locked.renewalStoppedAt) return { outcome: 'ignored' };
      const purchase = purchaseOf(locked);
      const kind = purchase.kind === 'membership' ? purchase.plan.memberKind : member.member_kind;
      await setMembership(tx, locked.memberId, kind, endOn(member.membership_expires_at, date));
      return { outcome: 'extended' };
    }
    case 'expiry': {
      await updatePayment(tx, locked.id, {
        renewalStoppedAt: locked.renewalStoppedAt ?? new Date(),
        nextChargeOn: null,
      });
      const member = await lockMember(tx, locked.memberId);
      // Only a membership whose time has come ends (our own expiry job would do the same).
      if (member?.membership_expires_at && member.membership_expires_at <= new Date()) {
        await setMembership(tx, locked.memberId, FREE_MEMBER_KIND, null);
        return { outcome: 'expired' };
      }
      return { outcome: 'renewal_stopped' };
    }
  }
}

/** A state change keeps every delivery: the same key again is recorded as `key#2`, `key#3`... */
async function stateEventKey(tx: DatabaseTransaction, event: StateChange, paymentId: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const seen = await countPaymentEvents(tx, PROVIDER, event.idempotencyKey);
    const key = seen === 0 ? event.idempotencyKey : `${event.idempotencyKey}#${seen + 1 + attempt}`;
    if (await insertPaymentEvent(tx, eventRow(event, key, paymentId, 'pending'))) return key;
  }
  throw new Error(`could not record Verotel ${event.event} for sale ${event.saleID}`);
}

async function apply(deps: CardPaymentDeps, event: Event, row: PaymentRow, log: PostbackLog): Promise<Done> {
  return deps.db.$transaction(async (tx) => {
    if (
      event.event === 'cancel' ||
      event.event === 'uncancel' ||
      event.event === 'extend' ||
      event.event === 'expiry'
    ) {
      const key = await stateEventKey(tx, event, row.id);
      const done = await changeState(tx, row, event);
      await setPaymentEventOutcome(tx, PROVIDER, key, { outcome: done.outcome });
      return done;
    }
    // Recorded first: a replay finds the key and changes nothing, a concurrent one waits for this commit.
    if (!(await insertPaymentEvent(tx, eventRow(event, event.idempotencyKey, row.id, 'pending')))) {
      return { outcome: 'duplicate' };
    }
    const done =
      event.event === 'purchase' || event.event === 'initial'
        ? await grant(tx, row, event, log)
        : event.event === 'rebill'
          ? await rebill(tx, row, event, log)
          : await reverse(tx, row, event);
    await setPaymentEventOutcome(tx, PROVIDER, event.idempotencyKey, { outcome: done.outcome });
    return done;
  });
}

/**
 * Verifies and handles one postback. Throws FlexPayPostbackError (answered 400) for an unsigned, forged,
 * tampered, malformed or foreign one, logged at warn; returns what was done otherwise.
 */
export async function handleVerotelPostback(
  deps: CardPaymentDeps,
  log: PostbackLog,
  query: URLSearchParams,
): Promise<PostbackOutcome> {
  const provider = requireVerotel(deps);
  let event: FlexPayPostbackEvent;
  try {
    event = provider.parsePostback(query);
  } catch (error) {
    if (error instanceof FlexPayPostbackError) {
      // The parameters help support see what was sent; the signature key is never in them.
      log.warn(
        { reason: error.code, field: error.field, params: Object.fromEntries(query) },
        `Verotel postback refused: ${error.message}`,
      );
    }
    throw error;
  }
  const row = event.event === 'ignored' ? null : await rowOf(deps, event);
  if (event.event === 'ignored' || !row) {
    log.warn(
      {
        event: event.event === 'ignored' ? event.eventName : event.event,
        saleID: event.saleID,
        referenceID: event.referenceID,
      },
      event.event === 'ignored'
        ? 'Verotel postback ignored: not an event we act on'
        : 'Verotel postback ignored: unknown sale',
    );
    await insertPaymentEvent(deps.db, eventRow(event, event.idempotencyKey, null, 'ignored'));
    return 'ignored';
  }
  const done = await apply(deps, event, row, log);
  if (done.balance) {
    await tryPublishMemberEvent(deps.redis, done.balance.memberId, { type: 'balance', cur_tokens: done.balance.coins });
  }
  log.info(
    {
      event: event.event,
      saleID: event.saleID,
      paymentId: row.id,
      outcome: done.outcome,
      signature: event.signatureAlgorithm,
    },
    'Verotel postback handled',
  );
  return done.outcome;
}
