// PUT /api/members (bearer): changes the nickname. The spec's success status is 'success'; a refusal
// is a 4xx ZErrorResponse whose message the account page shows.
import { z } from 'zod';
import { zNicname } from '../auth/credentials.ts';

export const ZUpdateMemberRequest = z.object({ nicname: zNicname('nicname') }).meta({
  // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
  example: { nicname: 'NightOwl' },
});
export type TUpdateMemberRequest = z.input<typeof ZUpdateMemberRequest>;
export type TUpdateMemberRequestParsed = z.output<typeof ZUpdateMemberRequest>;

export const ZUpdateMemberResponse = z.object({
  status: z.literal('success'),
  /** The stored nickname (trimmed), so the client shows what was saved. */
  nicname: z.string(),
  message: z.string().optional(),
});
export type TUpdateMemberResponse = z.infer<typeof ZUpdateMemberResponse>;
