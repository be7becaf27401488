// The stack's database for the console tests (issue 15), for the states a browser test cannot reach
// through the product in time: a crypto deposit past its expiry, a picture held by the picture check
// (the demo model draws no faces). Everything else goes through the API and the screens.
import { createPrismaClient, type Database } from '@velvet/api/db/client';
import { inject } from 'vitest';

export function openStackDatabase(): Database {
  return createPrismaClient(inject('databaseUrl'), { maxConnections: 2 });
}

/** Moves a deposit's clock back so that it expired a minute ago (the watcher then settles it). */
export async function expireDeposit(db: Database, id: string): Promise<void> {
  const createdAt = new Date(Date.now() - 62 * 60_000);
  await db.cryptoDeposit.update({
    where: { id },
    data: { createdAt, expiresAt: new Date(createdAt.getTime() + 60 * 60_000) },
  });
}

/**
 * Turns a complete image into one the picture check withheld: status held, unpublished, refunded,
 * with a pending hold whose quarantined copy is the stored original (the console serves it from there).
 */
export async function holdPicture(db: Database, imageId: string): Promise<string> {
  const image = await db.image.update({ where: { imageId }, data: { status: 'held', isOpen: false } });
  const hold = await db.safetyHold.create({
    data: {
      imageId,
      memberId: image.ownerId,
      checker: 'face-age-local',
      minAge: 15,
      faces: 1,
      quarantineKey: image.originalKey,
    },
  });
  return hold.id;
}
