// POST /api/payment/create-intent (bearer): starts a card payment. The server prices the purchase from
// the catalog (PLANS, COIN_PACKS) and must not trust `amount`; the schema only checks that the body
// names something that exists.
import { z } from 'zod';
import { findCoinPack, findPlan, PAYMENT_TYPES } from '../catalog.ts';
import { fieldError, zOneOf } from '../common.ts';
import { noControlCharacters } from '../text.ts';
import { PAYMENT_PERIODS } from './common.ts';

export const ZCreateIntentRequest = z
  .object({
    /** US$ cents: the held card amount for a coin pack, price times 100 for a membership. */
    amount: z
      .number({ error: fieldError('amount', 'must be a number of cents') })
      .int({ error: 'amount must be a whole number of cents' })
      .positive({ error: 'amount must be greater than 0' }),
    paymentType: zOneOf('paymentType', PAYMENT_TYPES),
    /** Coins bought: a coin pack's amount; for a membership the plan's coins (informational). */
    coins: z
      .number({ error: fieldError('coins', 'must be a number') })
      .int({ error: 'coins must be a whole number' })
      .nonnegative({ error: 'coins must not be negative' }),
    /** The plan's name for a membership; free text (may be '') for a coin pack. */
    planName: z
      .string({ error: fieldError('planName', 'must be a string') })
      .max(64, { error: 'planName must be at most 64 characters' })
      .refine(...noControlCharacters('planName')),
    billingPeriod: zOneOf('billingPeriod', PAYMENT_PERIODS),
  })
  .superRefine((body, ctx) => {
    if (body.paymentType === 'membership') {
      if (!findPlan(body.planName)) {
        ctx.addIssue({ code: 'custom', path: ['planName'], message: 'planName must name a membership plan' });
      }
      if (body.billingPeriod === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['billingPeriod'],
          message: 'billingPeriod must be monthly or yearly for a membership',
        });
      }
    } else if (!findCoinPack(body.coins)) {
      ctx.addIssue({ code: 'custom', path: ['coins'], message: 'coins must be the amount of a coin pack' });
    }
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' },
  });
export type TCreateIntentRequest = z.input<typeof ZCreateIntentRequest>;

export const ZCreateIntentResponse = z.object({ clientSecret: z.string().min(1) });
export type TCreateIntentResponse = z.infer<typeof ZCreateIntentResponse>;
