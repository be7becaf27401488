// Social sign-in providers: each verifies its provider's identity token and returns only what the
// verified token says. Nothing the client sends beside the token is trusted.

export interface VerifiedIdentity {
  provider: 'google';
  /** The provider's stable user id. */
  subject: string;
  /** Lower-cased; present only when the provider says it is verified. */
  email: string;
  name: string | null;
  picture: string | null;
  nonce: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Why a token was refused; the message is safe to show to the user. */
export class IdentityTokenError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'unverified_email' | 'nonce',
  ) {
    super(message);
    this.name = 'IdentityTokenError';
  }
}

export interface IdentityVerifier {
  /** Verifies signature, audience, issuer and expiry, and that the token's nonce equals `nonce`. */
  verify(idToken: string, nonce: string): Promise<VerifiedIdentity>;
}
