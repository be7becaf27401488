import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import { requireCards, type CardPaymentDeps } from './card-payment-common.ts';
import { describePurchase, purchaseFromRequest, recordPending } from './pending-card-payment.ts';

/** POST /api/payment/checkout-session: the same purchase through the processor's hosted page. */
export async function startCheckout(
  deps: CardPaymentDeps,
  memberId: string,
  body: TCreateIntentRequest,
  publicUrl: string,
) {
  const provider = requireCards(deps);
  const purchase = purchaseFromRequest(body);
  let url = '';
  let sessionId = '';
  await recordPending(deps, provider, memberId, purchase, async (paymentId) => {
    const created = await provider.createCheckout({
      paymentId,
      memberId,
      amountCents: purchase.usdCents,
      currency: 'usd',
      description: describePurchase(purchase),
      ...(purchase.kind === 'membership' ? { recurring: { period: purchase.period } } : {}),
      successUrl: `${publicUrl}/payment-success`,
      cancelUrl: `${publicUrl}/payment-cancel`,
    });
    url = created.url;
    sessionId = created.id;
    return created;
  });
  return { url, session_id: sessionId };
}
