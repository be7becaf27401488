import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { createDemoProvider } from './demo.ts';

const base = {
  prompt: 'portrait in soft window light',
  model: 'Realistic',
  style: 'Free',
  strength: 0.5,
  count: 2,
  upscale4k: false,
  runId: 'a'.repeat(32),
  ...RATIOS.Portrait,
} as const;

describe('demo image provider', () => {
  it('returns one WebP per requested image at the exact pixel size of the ratio', async () => {
    const images = await createDemoProvider().generate(base);
    expect(images).toHaveLength(2);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([832, 1216]);
    }
  });

  it('is deterministic for the same request and differs for another prompt or position', async () => {
    const provider = createDemoProvider();
    const [a1, a2] = await provider.generate(base);
    const [again] = await provider.generate(base);
    const [other] = await provider.generate({ ...base, prompt: 'a different prompt' });
    expect(again!.data.equals(a1!.data)).toBe(true);
    expect(a2!.data.equals(a1!.data)).toBe(false);
    expect(other!.data.equals(a1!.data)).toBe(false);
  });

  it('doubles the size with the 4k upscale', async () => {
    const [image] = await createDemoProvider().generate({ ...base, ...RATIOS.Landscape, count: 1, upscale4k: true });
    const meta = await sharp(image!.data).metadata();
    expect([meta.width, meta.height]).toEqual([2432, 1664]);
  });
});
