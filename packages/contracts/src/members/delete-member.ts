// DELETE /api/members/delete (bearer). The bearer names the member; there is no body. The four
// acknowledgements (ZAccountDeletionFlags) are a client-side gate only, as in the spec.
import { z } from 'zod';

/** No body: an absent body or {} both pass, so the route may declare it without breaking clients. */
export const ZDeleteMemberRequest = z.object({}).optional();
export type TDeleteMemberRequest = z.input<typeof ZDeleteMemberRequest>;

export const ZDeleteMemberResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
});
export type TDeleteMemberResponse = z.infer<typeof ZDeleteMemberResponse>;
