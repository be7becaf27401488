// GET /api/members (bearer): the signed-in member as the account page shows it. The session user
// fields plus the membership expiry, so the page and the side panel can refresh a stale stored user.
import { z } from 'zod';
import { ZSessionUser } from '../auth/session-user.ts';

export const ZGetMemberResponse = ZSessionUser.extend({
  status: z.literal('ok'),
  /** ISO time the paid membership ends; null for Free members. */
  membership_expires_at: z.string().nullable(),
});
export type TGetMemberResponse = z.infer<typeof ZGetMemberResponse>;
