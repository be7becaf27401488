// POST /api/auth/social-login. The server verifies googleToken (signature, audience, issuer, expiry
// and nonce) and takes identity only from it: email, nicname and picture in the body are hints the
// client decoded for itself and are never trusted. Failures are a 401 ZErrorResponse.
import { z } from 'zod';
import { LIMITS } from '../catalog.ts';
import { zNonBlank } from '../common.ts';
import { noControlCharacters } from '../text.ts';
import { ZSessionResponse } from './session-user.ts';

const hint = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine(...noControlCharacters(field))
    .nullish();

export const ZSocialLoginRequest = z
  .object({
    /** The Google identity token (the spec's {provider}Token). */
    googleToken: zNonBlank('googleToken', LIMITS.tokenMaxLength),
    /** The nonce sent to the provider, checked against the token's nonce claim (and usable once). */
    nonce: zNonBlank('nonce', 256),
    /**
     * The visitor confirmed being 18 or older (the line beside 'Continue with Google'). Required only
     * when this sign-in creates a new member; the attestation is stored with its time.
     */
    adult_attestation: z.boolean({ error: 'adult_attestation must be true or false' }).optional(),
    email: hint('email', 320),
    nicname: hint('nicname', 100),
    picture: hint('picture', LIMITS.urlMaxLength),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: {
      googleToken: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Ij...',
      nonce: 'k3J9c2VjcmV0LW5vbmNl',
      adult_attestation: true,
    },
  });
export type TSocialLoginRequest = z.input<typeof ZSocialLoginRequest>;
export type TSocialLoginRequestParsed = z.output<typeof ZSocialLoginRequest>;

export const ZSocialLoginResponse = ZSessionResponse.extend({ message: z.string() });
export type TSocialLoginResponse = z.infer<typeof ZSocialLoginResponse>;
