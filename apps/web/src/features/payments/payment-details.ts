// The payment details the app holds between a Purchase/Buy click and the payment (spec section 3), and
// what the payment calls are built from. Pure: the slice, the modals and the tests share these.
//
// A membership holds its plan, billing period and card amount (price x 100). A coin pack holds no plan:
// its planName is the pack's coin amount as text ('3600'), which is also the wallet's service_title,
// and its card amount is the pack price in cents.
import {
  CRYPTO,
  DEFAULT_PAYMENT_TYPE,
  findCoinPack,
  planDepositUsd,
  usdToCents,
  type BillingPeriod,
  type CoinPack,
  type Plan,
} from '@velvet/contracts/catalog';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import { formatCryptoAmount } from '@velvet/contracts/format';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import type { TCreateWalletRequest } from '@velvet/contracts/payment/create-wallet';

export const initialPaymentDetails: TPaymentDetails = {
  billingPeriod: '',
  plan: null,
  selectedCoin: CRYPTO.defaultCoin,
  amount: 0,
  planName: '',
  paymentType: DEFAULT_PAYMENT_TYPE,
};

/** A copy of a catalogue plan, so that the store never freezes or shares the catalogue's objects. */
function copyPlan(plan: Plan): Plan {
  return { ...plan, features: plan.features.map((feature) => ({ ...feature })) };
}

/** Details for a membership plan bought for one billing period. */
export function membershipDetails(current: TPaymentDetails, plan: Plan, period: BillingPeriod): TPaymentDetails {
  return {
    ...current,
    paymentType: 'membership',
    plan: copyPlan(plan),
    planName: plan.name,
    billingPeriod: period,
    amount: usdToCents(planDepositUsd(plan, period)),
  };
}

/** Details for a one-off coin pack. */
export function coinPackDetails(current: TPaymentDetails, pack: CoinPack): TPaymentDetails {
  return {
    ...current,
    paymentType: 'coin',
    plan: null,
    planName: String(pack.amount),
    billingPeriod: '',
    amount: usdToCents(pack.price),
  };
}

/** The coin pack the details hold, if they hold one. */
export function coinPackOf(details: TPaymentDetails): CoinPack | undefined {
  if (details.paymentType !== 'coin' || !/^\d+$/.test(details.planName.trim())) return undefined;
  return findCoinPack(Number(details.planName.trim()));
}

type Purchase =
  { kind: 'membership'; plan: Plan; period: BillingPeriod } | { kind: 'coin'; pack: CoinPack; cents: number };

/** What the details buy, or null when they are incomplete (nothing chosen yet). */
export function purchaseOf(details: TPaymentDetails): Purchase | null {
  if (details.paymentType === 'membership') {
    if (!details.plan || details.billingPeriod === '') return null;
    return { kind: 'membership', plan: details.plan, period: details.billingPeriod };
  }
  const pack = coinPackOf(details);
  if (!pack || details.amount <= 0) return null;
  return { kind: 'coin', pack, cents: details.amount };
}

/** The US$ price of what the details buy (a yearly plan: its yearly price per month x 12), or null. */
export function purchaseUsd(details: TPaymentDetails): number | null {
  const purchase = purchaseOf(details);
  if (!purchase) return null;
  return purchase.kind === 'membership' ? planDepositUsd(purchase.plan, purchase.period) : purchase.cents / 100;
}

/** The US$ a crypto deposit covers: the plan or pack price, else the modal's default of 17. */
export function depositUsd(details: TPaymentDetails): number {
  return purchaseUsd(details) ?? CRYPTO.defaultAmountUsd;
}

/** The amount of coin to deposit for `usd` at `coinsPerDollar`, to 8 decimals. */
export function depositAmount(usd: number, coinsPerDollar: number): string {
  return formatCryptoAmount(usd, coinsPerDollar);
}

/** The wallet create body: service_title is the plan name lowercased and trimmed (a pack: its coins). */
export function walletCreateRequest(
  details: TPaymentDetails,
  coin: CryptoCoin,
  requestCoinCnt: string,
): TCreateWalletRequest {
  return {
    coin_type: coin,
    period_unit: details.paymentType === 'membership' ? details.billingPeriod : '',
    service_kind: details.paymentType,
    service_title: details.planName.trim().toLowerCase(),
    request_coin_cnt: requestCoinCnt,
  };
}

/**
 * The create-intent (and checkout-session) body, or null when the details are missing. The amount is
 * the held card amount for a coin pack and the price x 100 for a membership.
 */
export function cardPaymentRequest(details: TPaymentDetails): TCreateIntentRequest | null {
  const purchase = purchaseOf(details);
  if (!purchase) return null;
  if (purchase.kind === 'coin') {
    return {
      amount: purchase.cents,
      paymentType: 'coin',
      coins: purchase.pack.amount,
      planName: details.planName,
      billingPeriod: '',
    };
  }
  const { plan, period } = purchase;
  return {
    amount: usdToCents(planDepositUsd(plan, period)),
    paymentType: 'membership',
    coins: period === 'yearly' ? plan.yearlyCoinAmount : plan.monthlyCoinAmount,
    planName: plan.name,
    billingPeriod: period,
  };
}

/** US$ for display: whole dollars without cents ('$156'), otherwise two decimals ('$4.50'). */
export function formatUsd(usd: number): string {
  return Number.isInteger(usd)
    ? `$${usd.toLocaleString('en-US')}`
    : `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Coins for display with thousands separators ('12,000'). */
export function formatCoins(coins: number): string {
  return coins.toLocaleString('en-US');
}

export interface PurchaseSummary {
  /** 'Ultimate plan' or '12,000 Coins'. */
  title: string;
  /** 'Billed yearly · 500K coins' or 'One-off coin pack'. */
  detail: string;
  /** '$156' */
  price: string;
}

/** A one-line description of what the details buy, for the payment modals. */
export function purchaseSummary(details: TPaymentDetails): PurchaseSummary | null {
  const purchase = purchaseOf(details);
  if (!purchase) return null;
  if (purchase.kind === 'coin') {
    return {
      title: `${formatCoins(purchase.pack.amount)} Coins`,
      detail: 'One-off coin pack',
      price: formatUsd(purchase.cents / 100),
    };
  }
  const { plan, period } = purchase;
  const coins = period === 'yearly' ? `${plan.yearlyCoins} coins` : `${plan.monthlyCoins} coins`;
  return {
    title: `${plan.name} plan`,
    detail: `Billed ${period} · ${coins}`,
    price: formatUsd(planDepositUsd(plan, period)),
  };
}

/** The coin pack with the lowest price per coin (the coin page marks it 'Best Value'). */
export function bestValuePack(packs: readonly CoinPack[]): CoinPack | undefined {
  return packs.reduce<CoinPack | undefined>(
    (best, pack) => (!best || pack.price / pack.amount < best.price / best.amount ? pack : best),
    undefined,
  );
}
