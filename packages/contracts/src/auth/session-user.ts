// The session of spec section 3. The API returns it from every successful sign-in; the web stores the
// user under STORAGE_KEYS.user and the token apart under STORAGE_KEYS.token.
import { z } from 'zod';
import { MEMBER_ROLES } from '../admin/roles.ts';
import { zCount } from '../common.ts';

export const ZSessionUser = z.object({
  /** The member's email; the account key. */
  member_id: z.string(),
  email: z.string(),
  /** Nickname (spelled so by the product). */
  nicname: z.string(),
  /** Avatar URL; '' when the member has none. */
  picture: z.string(),
  /** Coin balance. */
  cur_tokens: zCount('cur_tokens'),
  /** level1 | level2 | level3 for paid plans (see MEMBER_KINDS); anything else displays as Free. */
  member_kind: z.string(),
  /**
   * Not in the spec: whether the member proved the email address (the welcome coins wait for it).
   * The API always sends it; optional so a session stored before the field existed still loads.
   */
  email_verified: z.boolean().optional(),
  /**
   * Not in the spec: member, support or admin (support and admin see the support console). The API
   * always sends it; optional so a session stored before the field existed still loads (as a member).
   */
  role: z.enum(MEMBER_ROLES).optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** Session user plus its bearer token. */
export const ZSession = ZSessionUser.extend({ token: z.string().min(1) });
export type TSession = z.infer<typeof ZSession>;

/** The body of a successful sign-in (self-login ok, register, social-login): the session itself. */
export const ZSessionResponse = ZSession.extend({
  status: z.literal('ok'),
  message: z.string().optional(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** Client auth state. Logged in starts true when a token is stored. */
export const ZAuthState = z.object({
  user: ZSessionUser.nullable(),
  token: z.string().nullable(),
  isLoggedIn: z.boolean(),
});
export type TAuthState = z.infer<typeof ZAuthState>;
