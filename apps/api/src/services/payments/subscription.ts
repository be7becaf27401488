// GET /api/payment/subscription and POST /api/payment/subscription/cancel (issue 16): the member's plan
// that the card processor renews by itself (Verotel), for the account page, and the processor's signed
// page where the member stops the renewal (the cancel postback then records it; the membership runs to
// its end date).
import { FREE_MEMBER_KIND } from '@velvet/contracts/options';
import type { TCancelSubscriptionResponse, TGetSubscriptionResponse } from '@velvet/contracts/payment/subscription';
import { AppError, notFound } from '../../errors.ts';
import { isVerotelProvider } from '../../providers/payments/verotel.ts';
import { findMembership, findNewestRecurringPayment } from '../../repositories/payment.repository.ts';
import type { CardPaymentDeps } from './card-payment-common.ts';

/** The newest renewing plan while its membership runs (a reversed or expired one is no subscription). */
async function runningSubscription(deps: CardPaymentDeps, memberId: string, now = new Date()) {
  const [row, member] = await Promise.all([
    findNewestRecurringPayment(deps.db, memberId),
    findMembership(deps.db, memberId),
  ]);
  if (!row || !member || member.memberKind === FREE_MEMBER_KIND) return null;
  if (!member.membershipExpiresAt || member.membershipExpiresAt <= now) return null;
  return { row, endsAt: member.membershipExpiresAt };
}

export async function getSubscription(deps: CardPaymentDeps, memberId: string): Promise<TGetSubscriptionResponse> {
  const running = await runningSubscription(deps, memberId);
  if (!running) return { subscription: null };
  const { row, endsAt } = running;
  const renews = row.renewalStoppedAt === null;
  return {
    subscription: {
      payment_id: row.id,
      provider: row.provider,
      plan_name: row.planName ?? '',
      period_unit: row.billingPeriod === 'yearly' ? 'yearly' : 'monthly',
      renews,
      next_charge_on: renews && row.nextChargeOn ? row.nextChargeOn.toISOString().slice(0, 10) : null,
      ends_at: endsAt.toISOString(),
    },
  };
}

export async function cancelSubscription(
  deps: CardPaymentDeps,
  memberId: string,
): Promise<TCancelSubscriptionResponse> {
  const running = await runningSubscription(deps, memberId);
  if (!running) throw notFound('Renewing plan');
  if (running.row.renewalStoppedAt !== null) {
    throw new AppError(409, 'This plan no longer renews: it runs until its end date.');
  }
  const cards = deps.cards;
  if (!isVerotelProvider(cards) || running.row.provider !== cards.name || !running.row.saleId) {
    throw new AppError(503, 'The plan cannot be cancelled here right now. Please contact support.');
  }
  return { url: cards.cancelSubscriptionUrl(running.row.saleId) };
}
