import { OAuth2Client } from 'google-auth-library';
import { IdentityTokenError, type IdentityVerifier, type VerifiedIdentity } from './index.ts';

export interface GoogleVerifierOptions {
  clientId: string;
  /** Google's PEM signing keys (https://www.googleapis.com/oauth2/v1/certs); tests serve their own. */
  certsUrl: string;
}

/**
 * Google id tokens, verified by google-auth-library's OAuth2Client.verifyIdToken: RS256 signature
 * against Google's published keys (cached per their Cache-Control), audience = our client id, issuer
 * accounts.google.com, not expired. The nonce is ours to compare.
 */
export function createGoogleVerifier(opts: GoogleVerifierOptions): IdentityVerifier {
  const client = new OAuth2Client({
    clientId: opts.clientId,
    endpoints: { oauth2FederatedSignonPemCertsUrl: opts.certsUrl },
  });
  return {
    async verify(idToken: string, nonce: string): Promise<VerifiedIdentity> {
      let payload;
      try {
        const ticket = await client.verifyIdToken({ idToken, audience: opts.clientId });
        payload = ticket.getPayload();
      } catch {
        // The library's messages carry token details; the user only needs to know it failed.
        throw new IdentityTokenError('Google sign-in could not be verified. Please try again.', 'invalid');
      }
      if (!payload?.sub) {
        throw new IdentityTokenError('Google sign-in could not be verified. Please try again.', 'invalid');
      }
      if (!payload.nonce || payload.nonce !== nonce) {
        throw new IdentityTokenError(
          'Google sign-in could not be verified (nonce mismatch). Please try again.',
          'nonce',
        );
      }
      if (!payload.email || payload.email_verified !== true) {
        throw new IdentityTokenError(
          'Your Google account has no verified email address. Please verify it with Google or register with email.',
          'unverified_email',
        );
      }
      return {
        provider: 'google',
        subject: payload.sub,
        email: payload.email.trim().toLowerCase(),
        name: payload.name?.trim() || null,
        picture: payload.picture?.trim() || null,
        nonce: payload.nonce,
        expiresAt: payload.exp,
      };
    },
  };
}
