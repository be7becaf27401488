// POST /api/payment/checkout-session (bearer): the card payment through the processor's hosted page.
// Same body as create-intent; the browser goes to `url` and comes back to /payment-success?session_id=
// or /payment-cancel.
import { z } from 'zod';
import { ZCreateIntentRequest } from './create-intent.ts';

export const ZCreateCheckoutRequest = ZCreateIntentRequest;
export type TCreateCheckoutRequest = z.input<typeof ZCreateCheckoutRequest>;

export const ZCreateCheckoutResponse = z.object({ url: z.string().min(1), session_id: z.string().min(1) });
export type TCreateCheckoutResponse = z.infer<typeof ZCreateCheckoutResponse>;
