// Cancel renewal (issue 16): ask our server for the processor's signed cancel page and go there; the
// member confirms on that page and comes back to the account page, which then reads the plan afresh.
import { useCallback, useRef, useState } from 'react';
import { leaveFor, webUrlOf } from '../../../lib/leave-for.ts';
import type { Notify } from '../../../lib/notify.ts';
import { usePageRestored } from '../../../lib/use-page-restored.ts';
import { useCancelSubscriptionMutation } from '../subscription-api.ts';
import { cancelRenewalFailureMessage, SUBSCRIPTION_TEXTS } from '../subscription.ts';

export function useCancelRenewal(notify: Notify, go: (url: string) => void = leaveFor) {
  const [cancelSubscription] = useCancelSubscriptionMutation();
  const [leaving, setLeaving] = useState(false);
  const inFlight = useRef(false);

  usePageRestored(() => {
    inFlight.current = false;
    setLeaving(false);
  });

  const cancelRenewal = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLeaving(true);
    let message: string = SUBSCRIPTION_TEXTS.cancelFailed;
    try {
      const url = webUrlOf((await cancelSubscription().unwrap()).url);
      // Stays 'leaving' while the browser goes.
      if (url) return go(url);
    } catch (error) {
      message = cancelRenewalFailureMessage(error);
    }
    inFlight.current = false;
    setLeaving(false);
    notify.error(message);
  }, [cancelSubscription, go, notify]);

  return { leaving, cancelRenewal };
}
