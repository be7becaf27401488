import {
  COIN_PACKS,
  findCoinPack,
  findPlan,
  planDepositUsd,
  usdToCents,
  type BillingPeriod,
  type Plan,
} from '@velvet/contracts/catalog';
import { badRequest } from '../../errors.ts';

/** What a payment buys, priced by the server from the catalogue in contracts. */
export type Purchase =
  | { kind: 'coin'; coins: number; usdCents: number }
  | { kind: 'membership'; plan: Plan; period: BillingPeriod; coins: number; usdCents: number; months: number };

/** A coin pack by its coin amount; 400 naming `field` when there is none. */
export function coinPackPurchase(coins: number, field = 'coins'): Purchase {
  const pack = findCoinPack(coins);
  if (!pack) {
    throw badRequest(
      `${field} must be the amount of a coin pack (${COIN_PACKS.map((p) => p.amount).join(', ')})`,
      field,
    );
  }
  return { kind: 'coin', coins: pack.amount, usdCents: usdToCents(pack.price) };
}

/**
 * A membership plan for one month (monthly coins, monthly price) or twelve (the yearly coins at once,
 * the yearly price per month times 12).
 */
export function membershipPurchase(planName: string, period: BillingPeriod, field = 'planName'): Purchase {
  const plan = findPlan(planName);
  if (!plan) throw badRequest(`${field} must name a membership plan`, field);
  return {
    kind: 'membership',
    plan,
    period,
    coins: period === 'yearly' ? plan.yearlyCoinAmount : plan.monthlyCoinAmount,
    usdCents: usdToCents(planDepositUsd(plan, period)),
    months: period === 'yearly' ? 12 : 1,
  };
}

/** A client-sent amount is only compared: a mismatch is refused, never used. */
export function assertClientAmount(purchase: Purchase, clientCents: number, field = 'amount'): void {
  if (clientCents !== purchase.usdCents) {
    throw badRequest(
      `${field} does not match the price of this purchase (${purchase.usdCents} cents); reload the page and try again`,
      field,
    );
  }
}
