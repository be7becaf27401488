import { describe, expect, it } from 'vitest';
import type { TSubscription } from '@velvet/contracts/payment/subscription';
import {
  cancelRenewalFailureMessage,
  cancelRenewalText,
  formatCalendarDay,
  subscriptionView,
  SUBSCRIPTION_TEXTS,
} from './subscription.ts';

const ultimateYearly: TSubscription = {
  payment_id: 'cm3payment0001',
  provider: 'verotel',
  plan_name: 'Ultimate',
  period_unit: 'yearly',
  renews: true,
  next_charge_on: '2027-11-24',
  ends_at: '2027-11-24T08:30:00.000Z',
};
const utc = { timeZone: 'UTC' };

describe('the renewing plan on the account page (issue 16)', () => {
  it('a renewing plan: plan and period, the next charge', () => {
    expect(subscriptionView(ultimateYearly, utc)).toEqual({
      plan: 'Ultimate · billed yearly',
      status: 'Renews on November 24, 2027',
      renews: true,
      endsOn: 'November 24, 2027',
    });
    const monthly = subscriptionView({ ...ultimateYearly, plan_name: 'Premium', period_unit: 'monthly' }, utc);
    expect(monthly.plan).toBe('Premium · billed monthly');
  });

  it('the next charge is a calendar day, the same in every time zone', () => {
    for (const timeZone of ['Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati']) {
      expect(subscriptionView(ultimateYearly, { timeZone }).status).toBe('Renews on November 24, 2027');
    }
    expect(formatCalendarDay('2026-03-01')).toBe('March 1, 2026');
    expect(formatCalendarDay('24.11.2027')).toBeNull();
    expect(formatCalendarDay(null)).toBeNull();
  });

  it('without a next charge date the membership end stands in; without either, no date is invented', () => {
    expect(subscriptionView({ ...ultimateYearly, next_charge_on: null }, utc).status).toBe(
      'Renews on November 24, 2027',
    );
    expect(subscriptionView({ ...ultimateYearly, next_charge_on: null, ends_at: null }, utc).status).toBe(
      'Renews automatically',
    );
  });

  it('a cancelled renewal: when it ends, and no cancel button', () => {
    const cancelled = subscriptionView({ ...ultimateYearly, renews: false, next_charge_on: null }, utc);
    expect(cancelled).toMatchObject({ status: 'Ends on November 24, 2027 (renewal cancelled)', renews: false });
    expect(subscriptionView({ ...ultimateYearly, renews: false, ends_at: null }, utc).status).toBe('Renewal cancelled');
  });

  it('the confirm dialog says the membership runs to its end and where the member confirms', () => {
    expect(cancelRenewalText(subscriptionView(ultimateYearly, utc))).toBe(
      'Your membership stays active until November 24, 2027 and will not be charged again. ' +
        "You confirm the cancellation on the payment processor's page.",
    );
    expect(
      cancelRenewalText(subscriptionView({ ...ultimateYearly, ends_at: null, next_charge_on: null }, utc)),
    ).toContain('until the end of the period you paid for');
  });

  it("a refused cancellation shows the server's message; a failure the generic text", () => {
    expect(
      cancelRenewalFailureMessage({ status: 409, data: { status: 'error', message: 'Renewal is already cancelled.' } }),
    ).toBe('Renewal is already cancelled.');
    expect(cancelRenewalFailureMessage({ status: 404, data: {} })).toBe(SUBSCRIPTION_TEXTS.cancelFailed);
    expect(cancelRenewalFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'Could not open the cancellation page. Please try again.',
    );
  });
});
