// POST /api/payment/verify: the /payment-success page checks the provider's checkout session.
// Success carries the new balance; a failure is a 4xx error body that also has the spec's `error`
// field (the page shows `error`, else 'Payment verification failed').
import { z } from 'zod';
import { zCount, ZErrorResponse, zNonBlank } from '../common.ts';

export const ZVerifyPaymentRequest = z.object({ session_id: zNonBlank('session_id', 255) });
export type TVerifyPaymentRequest = z.input<typeof ZVerifyPaymentRequest>;

export const ZVerifyPaymentResponse = z.object({
  status: z.literal('ok'),
  cur_tokens: zCount('cur_tokens'),
});
export type TVerifyPaymentResponse = z.infer<typeof ZVerifyPaymentResponse>;

export const ZVerifyPaymentErrorResponse = ZErrorResponse.extend({ error: z.string() });
export type TVerifyPaymentErrorResponse = z.infer<typeof ZVerifyPaymentErrorResponse>;
