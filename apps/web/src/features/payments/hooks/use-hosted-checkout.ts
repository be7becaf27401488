// 'Credit Cards' with a processor that has no card fields to embed (issue 16, Verotel FlexPay): start
// the hosted checkout (POST /api/payment/checkout-session, the create-intent body) and send the browser
// to the processor's page. It comes back to /payment-success?session_id= or /payment-cancel.
import { useCallback, useRef, useState } from 'react';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import { leaveFor, webUrlOf } from '../../../lib/leave-for.ts';
import type { Notify } from '../../../lib/notify.ts';
import { usePageRestored } from '../../../lib/use-page-restored.ts';
import { useCreateCheckoutMutation } from '../api.ts';
import { CARD_MESSAGES, checkoutFailureMessage } from '../card-payment.ts';
import { cardPaymentRequest } from '../payment-details.ts';

export function useHostedCheckout(notify: Notify, go: (url: string) => void = leaveFor) {
  const [createCheckout] = useCreateCheckoutMutation();
  const [redirecting, setRedirecting] = useState(false);
  // A second click before the state re-renders must not open a second order.
  const inFlight = useRef(false);

  // Back from the processor's page as it was left ('redirecting'): the member may choose again.
  usePageRestored(() => {
    inFlight.current = false;
    setRedirecting(false);
  });

  const start = useCallback(
    async (details: TPaymentDetails) => {
      if (inFlight.current) return;
      const request = cardPaymentRequest(details);
      if (!request) return notify.error(CARD_MESSAGES.detailsMissing);
      inFlight.current = true;
      setRedirecting(true);
      let message: string = CARD_MESSAGES.checkoutFailed;
      try {
        const url = webUrlOf((await createCheckout(request).unwrap()).url);
        // Stays 'redirecting' while the browser leaves.
        if (url) return go(url);
      } catch (error) {
        message = checkoutFailureMessage(error);
      }
      inFlight.current = false;
      setRedirecting(false);
      notify.error(message);
    },
    [createCheckout, go, notify],
  );

  return { redirecting, start };
}
