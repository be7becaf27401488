// GET /api/v2/events (bearer): a server-sent-events stream of what changes for the signed-in member,
// so the client learns at once when an image finishes (it falls back to 5 s status polling when the
// stream is down). Each SSE message is `event: <type>` with `data: <JSON of one of these>`.
import { z } from 'zod';
import { zCount, ZImageId } from '../common.ts';
import { IMAGE_STATUSES } from '../options.ts';
import { DEPOSIT_STATUSES } from '../payment/get-deposit.ts';

export const ZImageStatusEvent = z.object({
  type: z.literal('image.status'),
  image_id: ZImageId,
  /** 'held': withheld by the picture safety check; the refund's `balance` event comes just before. */
  status: z.enum(IMAGE_STATUSES),
});

export const ZBalanceEvent = z.object({
  type: z.literal('balance'),
  /** The member's balance after a movement (refund, purchase...). */
  cur_tokens: zCount('cur_tokens'),
});

/** A crypto deposit moved on (wallet modal's live status). */
export const ZDepositEvent = z.object({
  type: z.literal('deposit'),
  deposit_id: z.string(),
  coin: z.string(),
  /** pending (address handed out) | seen (in mempool / not final) | confirmed | credited | expired | failed. */
  status: z.enum(DEPOSIT_STATUSES),
  /** Amount of the coin received so far, as decimal text. */
  received: z.string(),
  /** Amount asked for, as decimal text. */
  requested: z.string(),
  /** What support sees too: underpaid, overpaid, late (null when it was exactly right or nothing arrived). */
  outcome: z.string().nullable(),
  /** Balance after crediting. */
  cur_tokens: zCount('cur_tokens').optional(),
  member_kind: z.string().optional(),
});

export const ZMemberEvent = z.discriminatedUnion('type', [ZImageStatusEvent, ZBalanceEvent, ZDepositEvent]);
export type TMemberEvent = z.infer<typeof ZMemberEvent>;
export type TMemberEventType = TMemberEvent['type'];

/** Seconds between keep-alive comments, below common proxy idle timeouts. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;
