// The renewing plan on the account page (issue 16: a membership the card processor renews by itself,
// Verotel FlexPay): what the Membership section says about it, and the texts of cancelling the renewal.
// Pure, apart from React.
import type { TSubscription } from '@velvet/contracts/payment/subscription';
import { apiFailureMessage } from '../../lib/api-error.ts';
import { formatMembershipExpiry } from './account-messages.ts';

export const SUBSCRIPTION_TEXTS = {
  label: 'Renewal',
  cancelRenewal: 'Cancel renewal',
  keepRenewal: 'Keep renewal',
  dialogTitle: 'Cancel renewal?',
  leaving: 'Opening the payment page...',
  cancelFailed: 'Could not open the cancellation page. Please try again.',
} as const;

export interface SubscriptionView {
  /** 'Ultimate · billed yearly' */
  plan: string;
  /** 'Renews on November 24, 2027' or 'Ends on November 24, 2027 (renewal cancelled)'. */
  status: string;
  /** The renewal can still be cancelled. */
  renews: boolean;
  /** The last day paid for, as a date ('November 24, 2027'), when known. */
  endsOn: string | null;
}

export interface DateOptions {
  locale?: string;
  /** For tests; the member's own time zone otherwise. */
  timeZone?: string;
}

/** A calendar day (YYYY-MM-DD, the processor's next charge) as 'November 24, 2027', or null. */
export function formatCalendarDay(day: string | null | undefined, locale = 'en-US'): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  // A day, not an instant: shown as the same day everywhere.
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

export function subscriptionView(subscription: TSubscription, options: DateOptions = {}): SubscriptionView {
  const period = subscription.period_unit === 'yearly' ? 'billed yearly' : 'billed monthly';
  const endsOn = formatMembershipExpiry(subscription.ends_at, options);
  const plan = `${subscription.plan_name} · ${period}`;
  if (subscription.renews) {
    const on = formatCalendarDay(subscription.next_charge_on, options.locale) ?? endsOn;
    return { plan, status: on ? `Renews on ${on}` : 'Renews automatically', renews: true, endsOn };
  }
  return {
    plan,
    status: endsOn ? `Ends on ${endsOn} (renewal cancelled)` : 'Renewal cancelled',
    renews: false,
    endsOn,
  };
}

/** What the confirm dialog says will happen. */
export function cancelRenewalText(view: SubscriptionView): string {
  const until = view.endsOn ? `until ${view.endsOn}` : 'until the end of the period you paid for';
  return (
    `Your membership stays active ${until} and will not be charged again. ` +
    "You confirm the cancellation on the payment processor's page."
  );
}

/** A failed POST /api/payment/subscription/cancel: the server's message for a 4xx, else the generic text. */
export function cancelRenewalFailureMessage(error: unknown): string {
  return apiFailureMessage(error, {
    refused: SUBSCRIPTION_TEXTS.cancelFailed,
    exception: SUBSCRIPTION_TEXTS.cancelFailed,
  });
}
