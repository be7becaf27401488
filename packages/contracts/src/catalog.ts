// Business constants of spec section 9: plans, coin packs, costs, timings, layout. One copy, imported
// by api, worker and web.
import type { CryptoCoin, PaidMemberKind } from './options.ts';

export interface PlanFeature {
  name: string;
  included: boolean;
}

export interface Plan {
  /** The member_kind a purchase grants. */
  memberKind: PaidMemberKind;
  name: string;
  description: string;
  /** Display text, e.g. '10K'. */
  monthlyCoins: string;
  yearlyCoins: string;
  /** Exact coins granted, for the ledger. */
  monthlyCoinAmount: number;
  yearlyCoinAmount: number;
  /** US$ per month. */
  monthlyPrice: number;
  /** US$ per month when billed yearly. */
  yearlyPrice: number;
  isPopular: boolean;
  features: PlanFeature[];
}

const feature = (name: string, included: boolean): PlanFeature => ({ name, included });

export const PLANS: readonly Plan[] = [
  {
    memberKind: 'level1',
    name: 'Premium',
    description: 'For creators getting started.',
    monthlyCoins: '10K',
    yearlyCoins: '160K',
    monthlyCoinAmount: 10_000,
    yearlyCoinAmount: 160_000,
    monthlyPrice: 11,
    yearlyPrice: 8,
    isPopular: false,
    features: [
      feature('All models and styles', true),
      feature('4k upscaling', true),
      feature('Publish to Explore', true),
      feature('Priority generation queue', false),
      feature('Early access to new models', false),
    ],
  },
  {
    memberKind: 'level2',
    name: 'Ultimate',
    description: 'The best value for regular creators.',
    monthlyCoins: '30K',
    yearlyCoins: '500K',
    monthlyCoinAmount: 30_000,
    yearlyCoinAmount: 500_000,
    monthlyPrice: 18,
    yearlyPrice: 13,
    isPopular: true,
    features: [
      feature('All models and styles', true),
      feature('4k upscaling', true),
      feature('Publish to Explore', true),
      feature('Priority generation queue', true),
      feature('Early access to new models', true),
    ],
  },
  {
    memberKind: 'level3',
    name: 'AI Master',
    description: 'More coins for power users.',
    monthlyCoins: '15K',
    yearlyCoins: '240K',
    monthlyCoinAmount: 15_000,
    yearlyCoinAmount: 240_000,
    monthlyPrice: 14,
    yearlyPrice: 10,
    isPopular: false,
    features: [
      feature('All models and styles', true),
      feature('4k upscaling', true),
      feature('Publish to Explore', true),
      feature('Priority generation queue', true),
      feature('Early access to new models', false),
    ],
  },
];

/** The plan with this name, ignoring case and surrounding spaces ('ai master' finds AI Master). */
export function findPlan(name: string): Plan | undefined {
  const wanted = name.trim().toLowerCase();
  return PLANS.find((plan) => plan.name.toLowerCase() === wanted);
}

export const YEARLY_DISCOUNT_PERCENT = 75;
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'yearly';

/** What a payment buys: a membership plan or a coin pack (payment details default to coin). */
export const PAYMENT_TYPES = ['membership', 'coin'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'coin';

export interface CoinPack {
  /** Coins granted. */
  amount: number;
  /** US$. */
  price: number;
}

export const COIN_PACKS: readonly CoinPack[] = [
  { amount: 3600, price: 5 },
  { amount: 12000, price: 15 },
  { amount: 30000, price: 30 },
];

/** The coin pack granting exactly `amount` coins. */
export function findCoinPack(amount: number): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.amount === amount);
}

/** What a wallet deposit must cover, in US$: yearly plans are paid for twelve months at once. */
export function planDepositUsd(plan: Plan, period: BillingPeriod): number {
  return period === 'yearly' ? plan.yearlyPrice * 12 : plan.monthlyPrice;
}

/**
 * What a yearly plan truly saves in US$ a year: twelve monthly payments minus the yearly bill. The
 * yearly card states it beside the spec's 'Save 75%' text, which the prices do not bear out.
 */
export function yearlySavingUsd(plan: Plan): number {
  return planDepositUsd(plan, 'monthly') * 12 - planDepositUsd(plan, 'yearly');
}

/** Card amount in cents: price times 100. */
export function usdToCents(usd: number): number {
  return Math.round(usd * 100);
}

export const CRYPTO = {
  coins: ['BTC', 'ETH', 'XRP'] as const satisfies readonly CryptoCoin[],
  defaultCoin: 'BTC' as CryptoCoin,
  amountDecimals: 8,
  /** The wallet modal's default amount before a plan overrides it. */
  defaultAmountUsd: 17,
};

export const GENERATION_COST = {
  perImage: 100,
  fourkMultiplier: 2,
} as const;

/** Coins a generation costs: 100 per image, doubled with 4k upscaling. */
export function generationCost(count: number, fourk: boolean): number {
  return GENERATION_COST.perImage * count * (fourk ? GENERATION_COST.fourkMultiplier : 1);
}

/** Coins every new member starts with (written through the ledger). */
export const WELCOME_COINS = 500;

export const TIMINGS = {
  statusPollMs: 5000,
  walletCopyConfirmMs: 2000,
  promptCopyConfirmMs: 1500,
  toastShortMs: 2000,
  toastLongMs: 4000,
  toastDefaultMs: 4000,
  paymentSuccessRedirectMs: 1500,
  loginSuccessRedirectMs: 1000,
  loginFailureRedirectMs: 2000,
  socialScriptPollMs: 100,
  modalFadeMs: 200,
  adLoadTimeoutMs: 10_000,
} as const;

export const GALLERY = {
  pageSize: 30,
  maxPageSize: 30,
  scrollThresholdPx: 200,
  guestMaxPage: 3,
  minColumns: 1,
  maxColumns: 5,
  columnWidthPx: 300,
  defaultContainerWidthPx: 1200,
  gapPx: 16,
  /** One ad slot at every 19th position (after every 18 images). */
  adEvery: 19,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 768,
  generationSidebarPx: 400,
} as const;

export const PASSWORD_MIN_LENGTH = 7;
/** Characters of which a login password must contain at least one (spec section 5). */
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*';

/**
 * Input limits the spec leaves open. They bound what the server stores and hashes; the prompt limit
 * is roughly what image models accept.
 */
export const LIMITS = {
  promptMaxLength: 2000,
  detailsMaxLength: 500,
  nicnameMinLength: 2,
  nicnameMaxLength: 30,
  passwordMaxLength: 128,
  qnaContentsMaxLength: 5000,
  tokenMaxLength: 8192,
  urlMaxLength: 2048,
} as const;

export const POLICY = {
  freeTrialDays: 14,
  moneyBackDays: 30,
  refundDisputeDays: 30,
  coinsRefundable: false,
  liabilityCapUsd: 100,
  minimumAge: 18,
  arbitration: 'Ontario, Canada',
  privacyResponse: 'one month',
  supportResponseHours: 24,
  legalLastUpdated: 'December 2024',
} as const;
