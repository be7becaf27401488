// POST /api/v1/auth/password/reset (not in the spec): the token of the mailed link and the new
// password (the registration rules). Success ends every other session of the member and answers a new
// session, so the web signs the member in at once.
import { z } from 'zod';
import { zText } from '../common.ts';
import { zNewPassword } from './credentials.ts';
import { RESET_TOKEN_PATTERN } from './password-reset-rules.ts';
import { ZSessionResponse } from './session-user.ts';

export const ZResetPasswordRequest = z
  .object({
    token: zText('token').regex(RESET_TOKEN_PATTERN, {
      error: 'token is not a valid reset link token: open the link from the email again',
    }),
    password: zNewPassword('password'),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { token: 'q2V3bXk0c2VjcmV0LXRva2VuLWZyb20tdGhlLW1haWw', password: 'n3w-secret!' },
  });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZResetPasswordResponse = ZSessionResponse;
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;
