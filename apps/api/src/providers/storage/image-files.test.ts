import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  imageKeys,
  isMemberServedKey,
  quarantineKeyFor,
  QUARANTINE_PREFIX,
  storeQuarantinedImage,
} from './image-files.ts';
import { createLocalDiskStorage } from './local-disk.ts';

const RUN = 'Ab3'.repeat(10) + 'xy';
const IMAGE = `${RUN}002`;

describe('storage keys', () => {
  it('puts originals and thumbnails under the run, held pictures under quarantine/', () => {
    expect(imageKeys(IMAGE)).toEqual({
      originalKey: `images/${RUN}/${IMAGE}.webp`,
      thumbnailKey: `thumbs/${RUN}/${IMAGE}.webp`,
    });
    expect(quarantineKeyFor(IMAGE)).toBe(`quarantine/${IMAGE}.webp`);
  });

  it('refuses anything that is not a server-made image id', () => {
    for (const bad of ['../etc/passwd', `${RUN}02`, `${RUN}/002`, `${RUN.slice(1)}-002`]) {
      expect(() => quarantineKeyFor(bad)).toThrow(/Not an image id/);
      expect(() => imageKeys(bad)).toThrow(/Not an image id/);
    }
  });

  it('lets member routes read originals and thumbnails, never a quarantined picture', () => {
    const keys = imageKeys(IMAGE);
    expect(isMemberServedKey(keys.originalKey)).toBe(true);
    expect(isMemberServedKey(keys.thumbnailKey)).toBe(true);
    expect(isMemberServedKey(quarantineKeyFor(IMAGE))).toBe(false);
    expect(isMemberServedKey(`images/../${QUARANTINE_PREFIX}${IMAGE}.webp`)).toBe(false);
    expect(isMemberServedKey(`x${keys.originalKey}`)).toBe(false);
  });

  it('stores a held picture only under its quarantine key', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-quarantine-'));
    try {
      const storage = createLocalDiskStorage(root);
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .webp()
        .toBuffer();
      const key = await storeQuarantinedImage(storage, IMAGE, webp);
      expect(key).toBe(quarantineKeyFor(IMAGE));
      expect(await storage.get(key)).toEqual(webp);
      const keys = imageKeys(IMAGE);
      expect(await storage.get(keys.originalKey)).toBeNull();
      expect(await storage.get(keys.thumbnailKey)).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
