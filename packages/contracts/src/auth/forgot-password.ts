// POST /api/v1/auth/password/forgot (not in the spec). The answer is the same whether the address is
// registered or not, so the form cannot be used to find out who has an account.
import { z } from 'zod';
import { zEmail } from '../common.ts';

export const ZForgotPasswordRequest = z
  .object({
    email: zEmail('email'),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { email: 'member@example.com' },
  });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZForgotPasswordResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
});
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;
