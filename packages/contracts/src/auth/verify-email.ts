// Not in the spec: email verification (issue 12). Registration by email mails a single-use link
// `${PUBLIC_URL}/verify-email?token=...`; the /verify-email page posts the token here. The welcome
// coins are granted when the address is verified, once per address.
import { z } from 'zod';
import { zCount, zText } from '../common.ts';

/** The token of a verification link: 32 random bytes in base64url (43 characters). */
export const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

// POST /api/auth/verify-email (public: the link may be opened in another browser).
export const ZVerifyEmailRequest = z
  .object({
    token: zText('token').regex(VERIFICATION_TOKEN_PATTERN, {
      error: 'token must be the code from the verification link',
    }),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { token: 'dmVyaWZ5LXRoaXMtYWRkcmVzcw' },
  });
export type TVerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;

/**
 * The address is verified (now, or already: a second click of the same link answers ok too).
 * `coins_added` is the welcome grant this call made (0 when it was made before, or when the address
 * already received it under an earlier account). An expired or unknown link is a 400 naming `token`.
 */
export const ZVerifyEmailResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  member_id: z.string(),
  coins_added: zCount('coins_added'),
  cur_tokens: zCount('cur_tokens'),
});
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

// POST /api/auth/verify-email/resend (bearer, no body): a new link to the signed-in member's address.
// At most one a minute and five a day (429 with Retry-After); 409 when the address is already verified.
export const ZResendVerificationResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
});
export type TResendVerificationResponse = z.infer<typeof ZResendVerificationResponse>;

/** Texts the API answers and the web shows. */
export const VERIFICATION_MESSAGES = {
  verified: (coins: number) => (coins > 0 ? `Email verified. ${coins} coins added.` : 'Email verified.'),
  alreadyVerified: 'Your email is already verified.',
  expired: 'This verification link has expired. Send a new one from your account page.',
  used: 'This verification link was already used. Send a new one from your account page.',
  invalid: 'This verification link is not valid. Send a new one from your account page.',
  sent: (email: string) => `We sent a new verification link to ${email}.`,
} as const;
