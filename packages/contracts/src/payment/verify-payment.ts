// POST /api/payment/verify: the /payment-success page checks the provider's checkout session.
// Success carries the new balance; a failure is the shared 4xx error body plus the spec's `error`
// field (the page shows `error`, else `message`, else 'Payment verification failed'). The route adds
// `error` to every error body it sends; the schema still accepts the shared body without it, so an
// error raised before the handler (validation, a malformed body) is never a 500.
import { z } from 'zod';
import { zCount, ZErrorResponse, zNonBlank } from '../common.ts';

export const ZVerifyPaymentRequest = z.object({ session_id: zNonBlank('session_id', 255) }).meta({
  // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
  example: { session_id: 'cs_test_a1b2c3d4e5f6' },
});
export type TVerifyPaymentRequest = z.input<typeof ZVerifyPaymentRequest>;

export const ZVerifyPaymentResponse = z.object({
  status: z.literal('ok'),
  cur_tokens: zCount('cur_tokens'),
});
export type TVerifyPaymentResponse = z.infer<typeof ZVerifyPaymentResponse>;

export const ZVerifyPaymentErrorResponse = ZErrorResponse.extend({ error: z.string().optional() });
export type TVerifyPaymentErrorResponse = z.infer<typeof ZVerifyPaymentErrorResponse>;
