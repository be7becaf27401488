// Entities of spec section 3 that are not the body of one call: catalog shapes, client state and
// content. Call bodies live with their call (ZSessionUser in auth/session-user.ts, ZImage in
// images/image.ts, ZGenerationRequest in images/make-images.ts, ZSupportRequest in
// support/create-qna.ts, wallet request/response and rate response in payment/).
import { z } from 'zod';
import { type CoinPack, DEFAULT_PAYMENT_TYPE, PAYMENT_TYPES, type Plan, TIMINGS } from './catalog.ts';
import { zCount } from './common.ts';
import { ZImage } from './images/image.ts';
import { PAYMENT_PERIODS } from './payment/common.ts';
import { CRYPTO_COINS, FILTERS, SORTS } from './options.ts';
import { TOAST_KINDS } from './client-state.ts';

// Initial states and plain helpers (createInitialGalleryState...) are in the zod-free client-state.ts,
// exported from here as before.
export * from './client-state.ts';

export const ZMenuItem = z.object({
  /** Icon key the web maps to an icon component. */
  icon: z.string(),
  label: z.string(),
  path: z.string(),
  comingSoon: z.boolean(),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;

export const ZPlanFeature = z.object({ name: z.string(), included: z.boolean() });
export type TPlanFeature = z.infer<typeof ZPlanFeature>;

export const ZPlan = z.object({
  memberKind: z.enum(['level1', 'level2', 'level3']),
  name: z.string(),
  description: z.string(),
  monthlyCoins: z.string(),
  yearlyCoins: z.string(),
  monthlyCoinAmount: zCount('monthlyCoinAmount'),
  yearlyCoinAmount: zCount('yearlyCoinAmount'),
  monthlyPrice: z.number().nonnegative(),
  yearlyPrice: z.number().nonnegative(),
  isPopular: z.boolean(),
  features: z.array(ZPlanFeature),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZCoinPack = z.object({ amount: zCount('amount'), price: z.number().nonnegative() });
export type TCoinPack = z.infer<typeof ZCoinPack>;

// The catalog's hand-written interfaces and these schemas must describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const planShapeMatches: Same<TPlan, Plan> = true;
const coinPackShapeMatches: Same<TCoinPack, CoinPack> = true;
void planShapeMatches;
void coinPackShapeMatches;

/** What the app holds between choosing a purchase and paying for it. */
export const ZPaymentDetails = z.object({
  /** '' for a coin pack. */
  billingPeriod: z.enum(PAYMENT_PERIODS),
  plan: ZPlan.nullable(),
  selectedCoin: z.enum(CRYPTO_COINS),
  /** Card amount in US$ cents. */
  amount: zCount('amount'),
  planName: z.string(),
  paymentType: z.enum(PAYMENT_TYPES).default(DEFAULT_PAYMENT_TYPE),
});
export type TPaymentDetails = z.output<typeof ZPaymentDetails>;

export const ZFaqItem = z.object({ question: z.string(), answer: z.string() });
export type TFaqItem = z.infer<typeof ZFaqItem>;

export const ZLegalSection = z.object({ title: z.string(), content: z.string() });
export type TLegalSection = z.infer<typeof ZLegalSection>;

export const ZAccountDeletionFlags = z.object({
  accountDeletion: z.boolean(),
  coinsLoss: z.boolean(),
  loginRestriction: z.boolean(),
  emailRestriction: z.boolean(),
});
export type TAccountDeletionFlags = z.infer<typeof ZAccountDeletionFlags>;

export const ZGalleryState = z.object({
  images: z.array(ZImage),
  page: z.number().int().min(1),
  loading: z.boolean(),
  hasMore: z.boolean(),
  filter: z.enum(FILTERS),
  sort_by: z.enum(SORTS),
  totalCount: zCount('totalCount'),
  /** The filter last used for a fetch. */
  run_type: z.enum(FILTERS),
});
export type TGalleryState = z.infer<typeof ZGalleryState>;

export const ZModalState = z.object({
  login: z.boolean(),
  logout: z.boolean(),
  payment: z.boolean(),
  paymentKind: z.boolean(),
  walletCreation: z.boolean(),
});
export type TModalState = z.infer<typeof ZModalState>;

/** A toast: dismissable, paused while hovered, gone after durationMs (default 4000). */
export const ZToast = z.object({
  id: z.string(),
  message: z.string(),
  /** success shows green, error red. */
  kind: z.enum(TOAST_KINDS).default('info'),
  durationMs: z.number().int().positive().default(TIMINGS.toastDefaultMs),
});
export type TToast = z.output<typeof ZToast>;
export type TToastInput = z.input<typeof ZToast>;

export const ZToastState = z.object({ toasts: z.array(ZToast) });
export type TToastState = z.output<typeof ZToastState>;
