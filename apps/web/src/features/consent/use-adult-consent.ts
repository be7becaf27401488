import { useCallback, useState } from 'react';
import { env } from '../../config/env.ts';
import { consentStorage, type ConsentStorage } from './consent-storage.ts';

export interface AdultConsent {
  given: boolean;
  give(): void;
  revoke(): void;
}

export function useAdultConsent(storage: ConsentStorage = consentStorage): AdultConsent {
  const [given, setGiven] = useState(() => storage.get());
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
