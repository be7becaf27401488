// POST /api/payment/complete (bearer): after the card provider confirms, the server checks the intent
// with the provider and credits coins once (idempotent per paymentIntentId). The spec reads only
// status; the new balance and member kind let the client update the header without another call.
import { z } from 'zod';
import { zCount, zNonBlank } from '../common.ts';

export const ZCompletePaymentRequest = z.object({ paymentIntentId: zNonBlank('paymentIntentId', 255) }).meta({
  // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
  example: { paymentIntentId: 'pi_3PqRsT2eZvKYlo2C1a2b3c4d' },
});
export type TCompletePaymentRequest = z.input<typeof ZCompletePaymentRequest>;

export const ZCompletePaymentResponse = z.object({
  status: z.literal('ok'),
  cur_tokens: zCount('cur_tokens'),
  member_kind: z.string(),
});
export type TCompletePaymentResponse = z.infer<typeof ZCompletePaymentResponse>;
