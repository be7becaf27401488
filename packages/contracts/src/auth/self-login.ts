// POST /api/auth/self-login. The three statuses are the spec's: ok (the whole body is the session),
// nopwd (wrong password; the message is shown) and no (unregistered; the modal switches to register).
import { z } from 'zod';
import { zEmail } from '../common.ts';
import { zLoginPassword } from './credentials.ts';
import { ZSessionResponse } from './session-user.ts';

export const ZSelfLoginRequest = z
  .object({
    member_id: zEmail('member_id'),
    member_pwd: zLoginPassword('member_pwd'),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { member_id: 'member@example.com', member_pwd: 'secret!42' },
  });
export type TSelfLoginRequest = z.input<typeof ZSelfLoginRequest>;
export type TSelfLoginRequestParsed = z.output<typeof ZSelfLoginRequest>;

export const ZSelfLoginNoPasswordResponse = z.object({ status: z.literal('nopwd'), message: z.string() });
export const ZSelfLoginUnregisteredResponse = z.object({
  status: z.literal('no'),
  message: z.string().optional(),
});

export const ZSelfLoginResponse = z.discriminatedUnion('status', [
  ZSessionResponse,
  ZSelfLoginNoPasswordResponse,
  ZSelfLoginUnregisteredResponse,
]);
export type TSelfLoginResponse = z.infer<typeof ZSelfLoginResponse>;
