import { randomUUID } from 'node:crypto';
import type { BillingPeriod } from '@velvet/contracts/catalog';
import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import type { CardPaymentProvider } from '../../providers/payments/index.ts';
import { createPayment } from '../../repositories/payment.repository.ts';
import type { CardPaymentDeps } from './card-payment-common.ts';
import { assertClientAmount, coinPackPurchase, membershipPurchase, type Purchase } from './catalog.ts';

// How both ways of starting a card payment (the card modal's intent, the hosted checkout) price the
// purchase and record it as pending before the member pays.

/** The purchase the request asks for, priced from the catalogue; the client's amount must agree. */
export function purchaseFromRequest(body: TCreateIntentRequest): Purchase {
  const purchase =
    body.paymentType === 'membership'
      ? membershipPurchase(body.planName, body.billingPeriod as BillingPeriod)
      : coinPackPurchase(body.coins);
  assertClientAmount(purchase, body.amount);
  return purchase;
}

/** The line the member sees on the processor's page and statement. */
export function describePurchase(purchase: Purchase): string {
  return purchase.kind === 'membership'
    ? `Velvet ${purchase.plan.name} membership (${purchase.period})`
    : `Velvet ${purchase.coins.toLocaleString('en-US')} coins`;
}

/** Opens the processor's payment under a fresh payment id, then records it as pending. */
export async function recordPending(
  deps: CardPaymentDeps,
  provider: CardPaymentProvider,
  memberId: string,
  purchase: Purchase,
  start: (paymentId: string) => Promise<{ id: string }>,
) {
  const paymentId = randomUUID();
  const started = await start(paymentId);
  await createPayment(deps.db, {
    id: paymentId,
    provider: provider.name,
    providerRef: started.id,
    memberId,
    kind: purchase.kind,
    planName: purchase.kind === 'membership' ? purchase.plan.name : null,
    billingPeriod: purchase.kind === 'membership' ? purchase.period : null,
    coins: purchase.coins,
    amountCents: purchase.usdCents,
    currency: 'usd',
  });
  return paymentId;
}
