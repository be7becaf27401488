import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import type { ChainableCommander, Redis } from 'ioredis';

// Member events travel over Redis pub/sub, so whichever process causes a change (the worker, any API
// instance) reaches the member's stream on whichever API instance holds it.

export const memberChannel = (memberId: string) => `member-events:${memberId}`;
export const MEMBER_CHANNEL_PATTERN = 'member-events:*';

export async function publishMemberEvent(redis: Redis, memberId: string, event: TMemberEvent): Promise<void> {
  await redis.publish(memberChannel(memberId), JSON.stringify(event));
}

/** Publishing is a courtesy (clients also poll): a Redis hiccup must not fail the work itself. */
export async function tryPublishMemberEvent(redis: Redis, memberId: string, event: TMemberEvent): Promise<void> {
  await publishMemberEvent(redis, memberId, event).catch(() => undefined);
}

/** Adds one member event to a caller's MULTI, sent with what comes before it in one round trip. */
export function queueMemberEvent(multi: ChainableCommander, memberId: string, event: TMemberEvent): ChainableCommander {
  return multi.publish(memberChannel(memberId), JSON.stringify(event));
}
