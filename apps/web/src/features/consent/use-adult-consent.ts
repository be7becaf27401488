import { useCallback, useState } from 'react';
import { env } from '../../config/env.ts';
import { useServerFirstScreen } from '../../lib/first-screen.ts';
import { consentStorage, type ConsentStorage } from './consent-storage.ts';

export interface AdultConsent {
  given: boolean;
  give(): void;
  revoke(): void;
}

export function useAdultConsent(storage: ConsentStorage = consentStorage): AdultConsent {
  // The server renders the first screen only for a visitor whose cookie says they passed the gate.
  const onServer = useServerFirstScreen() !== null;
  const [given, setGiven] = useState(() => onServer || storage.get());
  const give = useCallback(() => {
    storage.give();
    setGiven(true);
  }, [storage]);
  const revoke = useCallback(() => {
    storage.revoke();
    setGiven(false);
  }, [storage]);
  return { given, give, revoke };
}

/** 'Leave Site': off to an outside search site. */
export function leaveSite(): void {
  window.location.assign(env.leaveSiteUrl);
}
