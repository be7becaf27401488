import type { DatabaseTransaction } from '../db/client.ts';

export interface NewSafetyHold {
  imageId: string;
  memberId: string;
  /** Which checker held it ('face-age-local', 'face-age-rekognition'). */
  checker: string;
  /** Youngest estimated age, rounded down. */
  minAge: number;
  faces: number;
  quarantineKey: string;
}

/** The review-queue entry of a held picture (status pending), in the transaction that holds it. */
export function createSafetyHold(tx: DatabaseTransaction, hold: NewSafetyHold) {
  return tx.safetyHold.create({ data: hold });
}

export interface HeldPictureEvent {
  memberId: string;
  imageId: string;
  prompt: string;
  stage: string;
  category: string;
  rule: string;
  /** What the checker found (estimated ages...): for reviewers only. */
  matchedTerms: string[];
}

/** The safety log entry of a held picture (outcome 'held'), in the transaction that holds it. */
export function recordHeldPictureEvent(tx: DatabaseTransaction, event: HeldPictureEvent) {
  return tx.promptSafetyEvent.create({ data: { ...event, outcome: 'held' } });
}
