// What every card payment use case shares: its dependencies, the processor (or the 503 when cards are
// not configured), and the purchase a payment row stands for.
import type { BillingPeriod } from '@velvet/contracts/catalog';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CardPaymentProvider } from '../../providers/payments/index.ts';
import type { findPayment } from '../../repositories/payment.repository.ts';
import { coinPackPurchase, membershipPurchase, type Purchase } from './catalog.ts';

export const CARDS_NOT_CONFIGURED = 'Card payments are not available right now. Please pay with crypto.';

export interface CardPaymentDeps {
  db: Database;
  redis: Redis;
  cards: CardPaymentProvider | null;
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

export function requireCards(deps: CardPaymentDeps): CardPaymentProvider {
  if (!deps.cards) throw new AppError(503, CARDS_NOT_CONFIGURED);
  return deps.cards;
}

/** The card modal's calls, refused when the processor only takes cards on its own page (Verotel). */
export function requireEmbeddedCards(deps: CardPaymentDeps): CardPaymentProvider {
  const provider = requireCards(deps);
  if (provider.checkout !== 'embedded') {
    throw new AppError(
      409,
      `${provider.name} takes cards on its own page: start the payment with POST /api/payment/checkout-session`,
    );
  }
  return provider;
}

/** What a payment row bought, priced again from the catalogue (never from the row's amount). */
export function purchaseOf(row: PaymentRow): Purchase {
  return row.kind === 'membership'
    ? membershipPurchase(row.planName ?? '', (row.billingPeriod ?? 'monthly') as BillingPeriod)
    : coinPackPurchase(row.coins);
}
