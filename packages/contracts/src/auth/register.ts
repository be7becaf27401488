// POST /api/auth/register. Success returns the session (the member is signed in at once); a refusal
// such as an address already registered is a 4xx ZErrorResponse whose message the modal shows.
import { z } from 'zod';
import { POLICY } from '../catalog.ts';
import { zEmail } from '../common.ts';
import { zNewPassword, zNicname } from './credentials.ts';
import { ZSessionResponse } from './session-user.ts';

export const ZRegisterRequest = z
  .object({
    member_id: zEmail('member_id'),
    member_pwd: zNewPassword('member_pwd'),
    nicname: zNicname('nicname'),
    /** The member confirms being 18 or older; the product refuses registration without it. */
    adult_attestation: z.literal(true, {
      error: `adult_attestation must be true: you must confirm you are ${POLICY.minimumAge} or older`,
    }),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: {
      member_id: 'member@example.com',
      member_pwd: 'secret!42',
      nicname: 'NightOwl',
      adult_attestation: true,
    },
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export type TRegisterRequestParsed = z.output<typeof ZRegisterRequest>;

export const ZRegisterResponse = ZSessionResponse;
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;
