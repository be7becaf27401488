import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { createImageModelProvider } from './select.ts';

function config(env: Record<string, string>) {
  return loadConfig({
    DATABASE_URL: 'postgresql://u:p@localhost:5432/db',
    REDIS_URL: 'redis://localhost:6379',
    JWT_SECRET: 'x'.repeat(32),
    ...env,
  });
}

describe('image model provider selection', () => {
  it('is the demo provider by default', () => {
    const provider = createImageModelProvider(config({}));
    expect([provider.name, provider.isDemo]).toEqual(['demo', true]);
  });

  it('builds the configured adapter', () => {
    const comfy = createImageModelProvider(config({ IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: 'http://gpu:8188' }));
    expect([comfy.name, comfy.isDemo]).toEqual(['comfyui', false]);
    expect(createImageModelProvider(config({ IMAGE_PROVIDER: 'a1111', A1111_URL: 'http://gpu:7860' })).name).toBe(
      'a1111',
    );
  });

  it('stops start-up when the provider misses its settings', () => {
    expect(() => createImageModelProvider(config({ IMAGE_PROVIDER: 'comfyui' }))).toThrow(
      'COMFYUI_URL: required when IMAGE_PROVIDER=comfyui',
    );
    expect(() => createImageModelProvider(config({ IMAGE_PROVIDER: 'a1111' }))).toThrow('A1111_URL: required');
    expect(() => createImageModelProvider(config({ IMAGE_PROVIDER: 'replicate' }))).toThrow(
      'REPLICATE_API_TOKEN: required',
    );
    // The built-in presets name no hosted models: replicate needs the operator's file.
    expect(() =>
      createImageModelProvider(config({ IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test' })),
    ).toThrow('needs a "replicate" section');
  });

  it('stops start-up on a bad presets file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-presets-')), 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ styles: {} }));
    expect(() =>
      createImageModelProvider(
        config({ IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: 'http://gpu:8188', IMAGE_PRESETS_FILE: file }),
      ),
    ).toThrow(/Invalid image presets in .*bad\.json:\n {2}styles\.Free/);
  });

  it('rejects an unknown provider name in the environment', () => {
    expect(() => config({ IMAGE_PROVIDER: 'midjourney' })).toThrow(/IMAGE_PROVIDER/);
  });
});
