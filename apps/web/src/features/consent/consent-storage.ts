// Adult consent (spec section 3): stored under 'adult-consent-given' in local storage, falling back
// to session storage, then to memory (lost on reload) when a storage is missing or throws.
import { ADULT_CONSENT_KEY, ADULT_CONSENT_VALUE } from '@velvet/contracts/storage-keys';

export const CONSENT_KEY = ADULT_CONSENT_KEY;
export const CONSENT_VALUE = ADULT_CONSENT_VALUE;

/** Getters, because merely reading window.localStorage can throw. */
export interface ConsentBackends {
  local: () => Storage | null | undefined;
  session: () => Storage | null | undefined;
}

export type ConsentLocation = 'local' | 'session' | 'memory';

export interface ConsentStorage {
  /** Whether consent was given (in any of the three places). */
  get(): boolean;
  /** Store consent in the first place that accepts it; returns where it went. */
  give(): ConsentLocation;
  /** Forget consent everywhere. */
  revoke(): void;
}

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export function createConsentStorage(backends: ConsentBackends): ConsentStorage {
  let memory = false;
  const stores = (): Array<[ConsentLocation, Storage | null | undefined]> => [
    ['local', attempt(backends.local)],
    ['session', attempt(backends.session)],
  ];

  return {
    get() {
      if (memory) return true;
      return stores().some(([, storage]) => attempt(() => storage?.getItem(CONSENT_KEY)) === CONSENT_VALUE);
    },
    give() {
      for (const [location, storage] of stores()) {
        if (!storage) continue;
        const stored = attempt(() => {
          storage.setItem(CONSENT_KEY, CONSENT_VALUE);
          return storage.getItem(CONSENT_KEY) === CONSENT_VALUE;
        });
        if (stored) return location;
      }
      memory = true;
      return 'memory';
    },
    revoke() {
      memory = false;
      for (const [, storage] of stores()) attempt(() => storage?.removeItem(CONSENT_KEY));
    },
  };
}

/** The browser's consent storage. */
export const consentStorage: ConsentStorage = createConsentStorage({
  local: () => globalThis.localStorage,
  session: () => globalThis.sessionStorage,
});
