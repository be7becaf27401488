// GET /api/payment/subscription (bearer): the member's plan that the card processor renews by itself
// (Verotel FlexPay recurring), for the account page; null when there is none. POST
// /api/payment/subscription/cancel (bearer): the processor's signed page where the member stops the
// renewal (Verotel's cancel-subscription); the membership then runs to its end date.
import { z } from 'zod';

export const ZSubscription = z.object({
  /** Our payment row that started it. */
  payment_id: z.string(),
  /** 'verotel' */
  provider: z.string(),
  /** Plan name as the catalog spells it ('Ultimate'). */
  plan_name: z.string(),
  period_unit: z.enum(['monthly', 'yearly']),
  /** False once the member (or the processor) cancelled: no further charge. */
  renews: z.boolean(),
  /** The processor's next charge (YYYY-MM-DD); null when it does not renew. */
  next_charge_on: z.string().nullable(),
  /** When the membership ends unless renewed (ISO date-time). */
  ends_at: z.string().nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZGetSubscriptionResponse = z.object({ subscription: ZSubscription.nullable() });
export type TGetSubscriptionResponse = z.infer<typeof ZGetSubscriptionResponse>;

export const ZCancelSubscriptionResponse = z.object({
  /** The processor's signed cancel page; the browser goes there. */
  url: z.string(),
});
export type TCancelSubscriptionResponse = z.infer<typeof ZCancelSubscriptionResponse>;
