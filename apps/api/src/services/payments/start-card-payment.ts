import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import { requireEmbeddedCards, type CardPaymentDeps } from './card-payment-common.ts';
import { describePurchase, purchaseFromRequest, recordPending } from './pending-card-payment.ts';

/** POST /api/payment/create-intent: prices the purchase, records it, and opens a card payment. */
export async function startCardPayment(deps: CardPaymentDeps, memberId: string, body: TCreateIntentRequest) {
  const provider = requireEmbeddedCards(deps);
  const purchase = purchaseFromRequest(body);
  let clientSecret = '';
  await recordPending(deps, provider, memberId, purchase, async (paymentId) => {
    const created = await provider.createPayment({
      paymentId,
      memberId,
      amountCents: purchase.usdCents,
      currency: 'usd',
      description: describePurchase(purchase),
    });
    clientSecret = created.clientSecret;
    return created;
  });
  return { clientSecret };
}
