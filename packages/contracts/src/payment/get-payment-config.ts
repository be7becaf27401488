// GET /api/payment/config (public): whether card payments are configured on this deployment. The
// method chooser shows Credit Cards greyed out and disabled (as the spec shows) when `card` is null.
import { z } from 'zod';

export const ZGetPaymentConfigResponse = z.object({
  card: z
    .object({
      /** 'stripe' or 'verotel' */
      provider: z.string(),
      /** The processor's browser key (Stripe publishable key; '' for a processor without one). */
      public_key: z.string(),
      /**
       * embedded: the spec's card modal takes the card in the page (Stripe). redirect: the processor has
       * no card fields to embed (Verotel FlexPay): the chooser sends the buyer to its payment page.
       */
      checkout: z.enum(['embedded', 'redirect']),
    })
    .nullable(),
});
export type TGetPaymentConfigResponse = z.infer<typeof ZGetPaymentConfigResponse>;
