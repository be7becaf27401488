// Return from the card provider's hosted checkout (spec sections 2, 5 and 8): verify the session named
// by ?session_id=, then 'Payment Successful!' and home after 1.5 s (the balance, and the member kind
// fresh from the server, are updated), or 'Payment Verification Failed' with the reason and a way home.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TIMINGS } from '@velvet/contracts/catalog';
import { Button } from '../../../components/ui/button.tsx';
import { HomeIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { selectToken, setBalance } from '../../../features/auth/slice.ts';
import { useVerifyPaymentMutation } from '../../../features/payments/api.ts';
import {
  PaymentResultPanel,
  type PaymentResultState,
} from '../../../features/payments/components/payment-result-panel.tsx';
import {
  PAYMENT_RESULT_TEXTS as TEXTS,
  sessionIdFrom,
  verifyFailureMessage,
} from '../../../features/payments/payment-result.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';
import { refreshMemberStanding } from '../../refresh-member.ts';

type Outcome = { state: Exclude<PaymentResultState, 'cancelled'>; message: string | null };

export function Component() {
  const [params] = useSearchParams();
  const sessionId = sessionIdFrom(params);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [verifyPayment] = useVerifyPaymentMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    sessionId ? { state: 'pending', message: null } : { state: 'failure', message: TEXTS.noSession },
  );
  const verified = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || verified.current === sessionId) return;
    verified.current = sessionId;
    setOutcome({ state: 'pending', message: null });
    verifyPayment({ session_id: sessionId })
      .unwrap()
      .then((response) => {
        dispatch(setBalance(response.cur_tokens));
        setOutcome({ state: 'success', message: TEXTS.redirecting });
        if (!token) return;
        // The verify answer has no member kind: read it (and the balance) fresh for a membership.
        refreshMemberStanding(dispatch);
      })
      .catch((error: unknown) => setOutcome({ state: 'failure', message: verifyFailureMessage(error) }));
  }, [sessionId, token, verifyPayment, dispatch]);

  useEffect(() => {
    if (outcome.state !== 'success') return;
    const timer = setTimeout(() => void navigate(paths.root, { replace: true }), TIMINGS.paymentSuccessRedirectMs);
    return () => clearTimeout(timer);
  }, [outcome.state, navigate]);

  if (outcome.state === 'pending') return <PaymentResultPanel state="pending" title={TEXTS.verifying} />;
  if (outcome.state === 'success') {
    return <PaymentResultPanel state="success" title={TEXTS.success} message={outcome.message} />;
  }
  return (
    <PaymentResultPanel state="failure" title={TEXTS.failed} message={outcome.message}>
      <Button variant="primary" size="lg" onClick={() => void navigate(paths.root)}>
        <HomeIcon size={18} />
        {TEXTS.returnHome}
      </Button>
    </PaymentResultPanel>
  );
}
