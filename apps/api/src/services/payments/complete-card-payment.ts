import { AppError, notFound } from '../../errors.ts';
import { findPayment } from '../../repositories/payment.repository.ts';
import { requireEmbeddedCards, type CardPaymentDeps } from './card-payment-common.ts';
import { settlePaid } from './settle-card-payment.ts';

/** POST /api/payment/complete: after the card modal confirmed, the server asks the processor. */
export async function completeCardPayment(deps: CardPaymentDeps, memberId: string, paymentIntentId: string) {
  const provider = requireEmbeddedCards(deps);
  const row = await findPayment(deps.db, provider.name, paymentIntentId);
  if (!row || row.memberId !== memberId) throw notFound('Payment');
  const state = await provider.getPayment(paymentIntentId);
  if (state.status !== 'succeeded') {
    throw new AppError(409, 'The payment has not gone through yet. Please try again in a moment.');
  }
  const settled = await settlePaid(deps, provider.name, paymentIntentId, state);
  return { status: 'ok' as const, cur_tokens: settled.balance, member_kind: settled.memberKind };
}
