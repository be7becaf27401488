import type { AppConfig } from '../../config/env.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { IdentityVerifier } from './index.ts';

export type GoogleSignInConfig = Pick<AppConfig, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CERTS_URL'>;

/** Google's verifier when GOOGLE_CLIENT_ID is set, with google-auth-library loaded on the first sign-in. */
export function createGoogleSignIn(config: GoogleSignInConfig): IdentityVerifier | null {
  if (!config.GOOGLE_CLIENT_ID) return null;
  const opts = { clientId: config.GOOGLE_CLIENT_ID, certsUrl: config.GOOGLE_CERTS_URL };
  const verifier = onFirstUse(() =>
    import('./google.ts').then(({ createGoogleVerifier }) => createGoogleVerifier(opts)),
  );
  return { verify: async (idToken, nonce) => (await verifier()).verify(idToken, nonce) };
}
