// GET /api/payment/config (public): whether card payments are configured on this deployment. The
// method chooser shows Credit Cards greyed out and disabled (as the spec shows) when `card` is null.
import { z } from 'zod';

export const ZGetPaymentConfigResponse = z.object({
  card: z
    .object({
      /** 'stripe' */
      provider: z.string(),
      /** The processor's browser key (Stripe publishable key). */
      public_key: z.string(),
    })
    .nullable(),
});
export type TGetPaymentConfigResponse = z.infer<typeof ZGetPaymentConfigResponse>;
