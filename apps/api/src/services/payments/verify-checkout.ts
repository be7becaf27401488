import { AppError, notFound } from '../../errors.ts';
import { CardProcessorUnavailableError, type CheckoutState } from '../../providers/payments/index.ts';
import { findPayment } from '../../repositories/payment.repository.ts';
import { requireCards, type CardPaymentDeps } from './card-payment-common.ts';
import { settlePaid } from './settle-card-payment.ts';

/** POST /api/payment/verify: the /payment-success page checks the checkout session. */
export async function verifyCheckout(deps: CardPaymentDeps, viewerId: string | null, sessionId: string) {
  const provider = requireCards(deps);
  const row = await findPayment(deps.db, provider.name, sessionId);
  if (!row || (viewerId !== null && row.memberId !== viewerId)) throw notFound('Payment');
  let session: CheckoutState;
  try {
    session = await provider.getCheckout(sessionId);
  } catch (error) {
    // Nothing decided: the page may ask again (Verotel's postback grants it meanwhile).
    if (error instanceof CardProcessorUnavailableError) {
      throw new AppError(
        503,
        'The card processor could not confirm the payment right now. Please reload this page in a moment.',
      );
    }
    throw error;
  }
  if (!session.paid) throw new AppError(402, 'The payment was not completed.');
  const settled = await settlePaid(deps, provider.name, sessionId, session);
  return { status: 'ok' as const, cur_tokens: settled.balance };
}
