// GET /api/v2/events (bearer): a server-sent-events stream of what changes for the signed-in member,
// so the client learns at once when an image finishes (it falls back to 5 s status polling when the
// stream is down). Each SSE message is `event: <type>` with `data: <JSON of one of these>`.
import { z } from 'zod';
import { zCount, ZImageId } from '../common.ts';
import { IMAGE_STATUSES } from '../options.ts';

export const ZImageStatusEvent = z.object({
  type: z.literal('image.status'),
  image_id: ZImageId,
  status: z.enum(IMAGE_STATUSES),
});

export const ZBalanceEvent = z.object({
  type: z.literal('balance'),
  /** The member's balance after a movement (refund, purchase...). */
  cur_tokens: zCount('cur_tokens'),
});

export const ZMemberEvent = z.discriminatedUnion('type', [ZImageStatusEvent, ZBalanceEvent]);
export type TMemberEvent = z.infer<typeof ZMemberEvent>;
export type TMemberEventType = TMemberEvent['type'];

/** Seconds between keep-alive comments, below common proxy idle timeouts. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;
