import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.ts';

let counter = 0;
/** A unique email and nickname for one test. */
export function uniqueMember(prefix = 'ann') {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  return { email: `${prefix}.${tag}@example.test`, nicname: `${prefix}_${tag}`.slice(0, 30) };
}

export const GOOD_PASSWORD = 'abc!1234';

/** Registers through the API and returns the session body. */
export async function registerThroughApi(
  app: App,
  overrides: Partial<{ member_id: string; member_pwd: string; nicname: string; adult_attestation: unknown }> = {},
  remoteAddress?: string,
) {
  const who = uniqueMember();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      member_id: who.email,
      member_pwd: GOOD_PASSWORD,
      nicname: who.nicname,
      adult_attestation: true,
      ...overrides,
    },
  });
  return res;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
