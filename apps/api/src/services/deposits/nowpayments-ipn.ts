// POST /api/v2/wallet/nowpayments/ipn: NOWPayments' signed notifications about a hosted-gateway deposit
// (issue 16, docs/payments-crypto.md "Hosted gateway"). Verified first (ipn.ts: a bad or missing
// signature changes nothing), then applied to the deposit under its row lock with the same rules as
// the chain watchers' outcomes (providers/payments/nowpayments/status.ts): finished = credited (the
// grant in the same transaction, ledger key nowpayments:<payment_id>), partially_paid = underpaid for
// support to review, confirming/confirmed/sending = seen/confirmed, expired/failed = expired, refunded =
// closed without crediting (or, after a credit, left for support). A repeated or concurrent IPN finds
// the deposit already moved on and changes nothing. The member's events go out after the commit, as
// settle-deposit.ts sends them, so the wallet modal flips to paid.
import type { CryptoCoin } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import type { DatabaseTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { parseUnits, COIN_DECIMALS, unitsToDecimal } from '../../providers/chains/amounts.ts';
import { readIpn, type NowPaymentsPaymentUpdate } from '../../providers/payments/nowpayments/ipn.ts';
import {
  decideNowPaymentsUpdate,
  nowPaymentsCreditKey,
  type NowPaymentsDecision,
} from '../../providers/payments/nowpayments/status.ts';
import { findDeposit, findGatewayDeposit, lockDeposit, updateDeposit } from '../../repositories/deposit.repository.ts';
import type { DepositRow } from '../../repositories/deposit.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { fulfilPurchase, type Fulfilment } from '../payments/fulfil-purchase.ts';
import type { DepositDeps } from './deps.ts';
import {
  parseStoredPayments,
  statusSteps,
  type DepositOutcome,
  type DepositStatus,
  type StoredPayment,
} from './deposit-state.ts';
import { GATEWAY_NOWPAYMENTS, gatewayCurrency } from './gateway-deposit.ts';
import { depositEvent, purchaseOfDeposit } from './settle-deposit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the route answers NOWPayments (and logs): what was done, or why nothing was. */
export interface IpnResult {
  handled: 'credited' | 'updated' | 'review' | 'ignored';
  reason?: string;
  depositId: string | null;
}

export function gatewayNotConfigured(): AppError {
  return new AppError(503, 'The hosted crypto gateway is not configured on this server.');
}

/** The deposit an update is about: its payment, the payment it re-deposits to, or our order id. */
async function findDepositOf(deps: DepositDeps, update: NowPaymentsPaymentUpdate): Promise<DepositRow | null> {
  const direct = await findGatewayDeposit(deps.db, GATEWAY_NOWPAYMENTS, update.paymentId);
  if (direct) return direct;
  if (update.parentPaymentId) {
    const parent = await findGatewayDeposit(deps.db, GATEWAY_NOWPAYMENTS, update.parentPaymentId);
    if (parent) return parent;
  }
  if (update.orderId && UUID.test(update.orderId)) {
    const byOrder = await findDeposit(deps.db, update.orderId);
    if (byOrder?.gateway === GATEWAY_NOWPAYMENTS) return byOrder;
  }
  return null;
}

/** NOWPayments' decimal text in the deposit's coin (digits beyond the coin's precision dropped). */
function unitsOf(coin: CryptoCoin, text: string | null): bigint | null {
  if (text === null || text.startsWith('-')) return null;
  return parseUnits(text, COIN_DECIMALS[coin], true);
}

const RANK: Record<DepositStatus, number> = { pending: 0, expired: 0, seen: 1, confirmed: 2, credited: 3, failed: 3 };

export async function handleNowPaymentsIpn(
  deps: DepositDeps,
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  log: Pick<Logger, 'warn' | 'info'>,
  now = new Date(),
): Promise<IpnResult> {
  const gateway = deps.cryptoGateway;
  if (!gateway) throw gatewayNotConfigured();
  // Throws WebhookSignatureError (forged, tampered, unsigned) or IpnPayloadError (not a payment update).
  const update = readIpn(rawBody, signature, gateway.ipnSecret);
  const found = await findDepositOf(deps, update);
  if (!found) {
    log.warn(
      { paymentId: update.paymentId, orderId: update.orderId, status: update.rawStatus },
      'NOWPayments IPN for a payment we do not know: ignored',
    );
    return { handled: 'ignored', reason: 'unknown-payment', depositId: null };
  }

  const outcome = await deps.db.$transaction(async (tx) => {
    const row = await lockDeposit(tx, found.id);
    if (!row) return null;
    const coin = row.coin as CryptoCoin;
    const sameCoin = update.payCurrency === null || update.payCurrency === gatewayCurrency(coin);
    if (row.gatewayRef !== update.paymentId) {
      // Another payment for the same order (a re-deposit, or one the buyer started on the invoice
      // page): nothing is granted automatically for it; money that arrived goes to support.
      const paid = (unitsOf(coin, update.actuallyPaid) ?? 0n) > 0n;
      if (!paid || row.needsReview) return { result: { handled: 'ignored', reason: 'other-payment' } as const };
      const updated = await updateDeposit(tx, row.id, { needsReview: true });
      log.warn(
        { depositId: row.id, paymentId: update.paymentId, depositPayment: row.gatewayRef, status: update.rawStatus },
        'NOWPayments reports money on another payment for this deposit: left for review',
      );
      return {
        result: { handled: 'review' } as const,
        row: updated,
        events: [depositEvent(updated, updated.status as DepositStatus)],
      };
    }

    const decision = decideNowPaymentsUpdate(
      {
        status: row.status as DepositStatus,
        outcome: row.outcome as DepositOutcome | null,
        needsReview: row.needsReview,
      },
      {
        paymentId: update.paymentId,
        status: update.status,
        payAmount: sameCoin ? update.payAmount : null,
        actuallyPaid: sameCoin ? update.actuallyPaid : null,
      },
      deps.config.DEPOSIT_PAYMENT_TOLERANCE_PERCENT,
    );
    if (decision.action === 'ignore') {
      // Support closed this deposit, and NOWPayments now says it was paid: someone must look again.
      if (decision.reason === 'closed' && update.status === 'finished') {
        log.warn(
          { depositId: row.id, paymentId: update.paymentId, actuallyPaid: update.actuallyPaid },
          'NOWPayments finished a payment whose deposit support had closed: not credited',
        );
      }
      return { result: { handled: 'ignored', reason: decision.reason } as const };
    }
    return applyDecision(tx, row, update, decision, sameCoin, now);
  });

  if (!outcome) return { handled: 'ignored', reason: 'gone', depositId: found.id };
  if ('row' in outcome && outcome.row) {
    for (const event of outcome.events) await tryPublishMemberEvent(deps.redis, outcome.row.memberId, event);
    const fulfilment = 'fulfilment' in outcome ? outcome.fulfilment : undefined;
    if (fulfilment?.granted) {
      await tryPublishMemberEvent(deps.redis, outcome.row.memberId, {
        type: 'balance',
        cur_tokens: fulfilment.balance,
      });
    }
  }
  return { ...outcome.result, depositId: found.id };
}

async function applyDecision(
  tx: DatabaseTransaction,
  row: DepositRow,
  update: NowPaymentsPaymentUpdate,
  decision: Exclude<NowPaymentsDecision, { action: 'ignore' }>,
  sameCoin: boolean,
  now: Date,
) {
  const coin = row.coin as CryptoCoin;
  const from = row.status as DepositStatus;
  const to = decision.status;
  const received = sameCoin ? unitsOf(coin, update.actuallyPaid) : null;
  const paid = received !== null && received > 0n;
  const seenAt = row.seenAt ?? (paid || RANK[to] >= RANK.seen ? now : null);
  const confirmedAt = row.confirmedAt ?? (RANK[to] >= RANK.confirmed && to !== 'failed' ? now : null);
  // What the console shows and credits from: NOWPayments' payment as one entry, final once it is
  // confirmed on chain (partially_paid included, so support can credit an underpayment).
  const payments: StoredPayment[] =
    paid && received !== null
      ? [
          {
            txid: null,
            output: 0,
            key: nowPaymentsCreditKey(update.paymentId),
            amount: unitsToDecimal(received, coin),
            confirmations: 0,
            final: confirmedAt !== null,
            first_seen_at: (seenAt ?? now).toISOString(),
          },
        ]
      : parseStoredPayments(row.payments);

  let fulfilment: Fulfilment | undefined;
  if (decision.action === 'credit') {
    fulfilment = await fulfilPurchase(tx, row.memberId, purchaseOfDeposit(row), decision.creditKey, row.id, now);
  }
  const excess = decision.action === 'credit' && decision.excess !== null ? unitsOf(coin, decision.excess) : null;
  const updated = await updateDeposit(tx, row.id, {
    status: to,
    outcome: decision.outcome,
    needsReview: decision.needsReview,
    seenAt,
    confirmedAt,
    ...(to === 'credited' && from !== 'credited' ? { creditedAt: now } : {}),
    ...(paid && received !== null
      ? {
          receivedAmount: unitsToDecimal(received, coin),
          ...(confirmedAt ? { confirmedAmount: unitsToDecimal(received, coin) } : {}),
        }
      : {}),
    ...(excess !== null ? { excessAmount: unitsToDecimal(excess, coin) } : {}),
    payments: payments as unknown as object[],
  });
  const steps = statusSteps(from, to);
  const events = steps.map((s) => depositEvent(updated, s, s === 'credited' ? fulfilment : undefined));
  if (events.length === 0) events.push(depositEvent(updated, to));
  const handled =
    decision.action === 'credit' ? 'credited' : decision.needsReview && !row.needsReview ? 'review' : 'updated';
  return { result: { handled } as { handled: IpnResult['handled'] }, row: updated, events, fulfilment };
}
