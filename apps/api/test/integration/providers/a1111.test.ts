import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { createA1111Provider } from '../../../src/providers/image-model/a1111.ts';
import type { GenerateParams } from '../../../src/providers/image-model/index.ts';
import { MANDATORY_NEGATIVE_TERMS } from '../../../src/providers/image-model/negative-prompt.ts';
import { createImageModelProvider } from '../../../src/providers/image-model/select.ts';
import { startA1111Fake, type A1111Fake, type A1111FakeMode } from '../../support/fakes/a1111.ts';
import { expectWebpImages, providerFailure } from '../../support/fakes/assertions.ts';
import { makePng } from '../../support/fakes/http-fake.ts';
import { testImagePresets, writePresetsFile } from '../../support/fakes/presets.ts';
import { testConfig } from '../../support/app.ts';

const params: GenerateParams = {
  prompt: 'neon-lit hotel room',
  model: 'Realistic',
  style: 'Cowgirl Pussy',
  strength: 0.5,
  count: 3,
  upscale4k: false,
  runId: 'A'.repeat(32),
  ...RATIOS.Portrait,
};

const API_AUTH = 'velvet:gpu-password';
let posesDir: string;
let pose: Buffer;
beforeAll(async () => {
  posesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-poses-'));
  pose = await makePng(64, 96, 3);
  fs.writeFileSync(path.join(posesDir, 'cowgirl.png'), pose);
});

let fake: A1111Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(mode: A1111FakeMode = 'ok', timeoutMs = 20_000) {
  fake = await startA1111Fake(mode, { apiAuth: API_AUTH });
  const provider = createA1111Provider({
    baseUrl: fake.url,
    presets: testImagePresets(),
    timeoutMs,
    apiAuth: API_AUTH,
    posesDir,
  });
  return { fake, provider };
}

describe('A1111 adapter (fake stable-diffusion-webui API)', () => {
  it('posts one txt2img request and returns count WebP pictures (dropping the ControlNet map)', async () => {
    const { fake, provider } = await setUp();
    const images = await provider.generate(params);
    await expectWebpImages(images, 3, 832, 1216);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect([request!.method, request!.path]).toEqual(['POST', '/sdapi/v1/txt2img']);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(API_AUTH).toString('base64')}`);
    expect(request!.headers['content-type']).toBe('application/json');
    const body = request!.json as Record<string, unknown>;
    expect(body).toMatchObject({
      width: 832,
      height: 1216,
      batch_size: 3,
      n_iter: 1,
      steps: 28,
      cfg_scale: 6,
      sampler_name: 'DPM++ 2M',
      override_settings: { sd_model_checkpoint: 'velvet-realistic-xl.safetensors' },
      enable_hr: false,
    });
    // Strength 0.5: emphasis 1, LoRA 0.6, pose 0.65.
    expect(body.prompt).toMatch(
      /^neon-lit hotel room, photorealistic.*\(adult couple, cowgirl position.*:1\), <lora:pose-cowgirl:0\.6>$/,
    );
    expect(body.negative_prompt).toContain('underage');
    expect(body.alwayson_scripts).toEqual({
      controlnet: {
        args: [
          expect.objectContaining({
            enabled: true,
            image: pose.toString('base64'),
            model: 'openpose-xl [a1b2c3d4]',
            weight: 0.65,
          }),
        ],
      },
    });
  });

  it('sends the mandatory negative prompt whatever the presets file says, plus SAFETY_NEGATIVE_PROMPT_EXTRA', async () => {
    fake = await startA1111Fake('ok', { apiAuth: API_AUTH });
    const server = {
      IMAGE_PROVIDER: 'a1111',
      A1111_URL: fake.url,
      A1111_API_AUTH: API_AUTH,
      IMAGE_POSES_DIR: posesDir,
    };
    const emptied = { ...testImagePresets(), negativePrompt: '', models: {} };
    const plain = createImageModelProvider(testConfig({ ...server, IMAGE_PRESETS_FILE: writePresetsFile(emptied) }));
    await plain.generate({ ...params, count: 1 });
    expect((fake.requests[0]!.json as { negative_prompt: string }).negative_prompt).toBe(
      MANDATORY_NEGATIVE_TERMS.join(', '),
    );

    const contradicting = { ...emptied, negativePrompt: 'adult, (mature:1.4), blurry' };
    const extended = createImageModelProvider(
      testConfig({
        ...server,
        IMAGE_PRESETS_FILE: writePresetsFile(contradicting),
        SAFETY_NEGATIVE_PROMPT_EXTRA: 'sketch, Kid, jpeg artifacts',
      }),
    );
    await extended.generate({ ...params, count: 1 });
    expect((fake.requests[1]!.json as { negative_prompt: string }).negative_prompt).toBe(
      `${MANDATORY_NEGATIVE_TERMS.join(', ')}, blurry, sketch, jpeg artifacts`,
    );
  });

  it('4k enables the hires pass at 2x: pictures at twice the ratio size', async () => {
    const { fake, provider } = await setUp();
    const images = await provider.generate({
      ...params,
      style: 'Free',
      count: 1,
      upscale4k: true,
      ...RATIOS.Landscape,
    });
    await expectWebpImages(images, 1, 2432, 1664);
    expect(fake.requests[0]!.json).toMatchObject({
      enable_hr: true,
      hr_scale: 2,
      hr_upscaler: 'Latent',
      denoising_strength: 0.45,
    });
  });

  it('HTTP 500 is transient; a refused request (422) is not', async () => {
    const crashed = await providerFailure((await setUp('server-error')).provider.generate(params));
    expect([crashed.code, crashed.status, crashed.transient]).toEqual(['http', 500, true]);
    await fake!.close();
    const refused = await providerFailure((await setUp('invalid-request')).provider.generate(params));
    expect([refused.code, refused.status, refused.transient]).toEqual(['http', 422, false]);
    expect(refused.message).toContain('value is not a valid integer');
  });

  it('an answer that is not JSON is malformed (not transient)', async () => {
    const err = await providerFailure((await setUp('not-json')).provider.generate(params));
    expect([err.code, err.transient]).toEqual(['malformed', false]);
  });

  it('fewer pictures than asked for is an error', async () => {
    const err = await providerFailure((await setUp('too-few')).provider.generate({ ...params, style: 'Free' }));
    expect([err.code, err.transient]).toEqual(['too_few_images', false]);
  });

  it('wrong --api-auth credentials are a non-transient 401', async () => {
    fake = await startA1111Fake('ok', { apiAuth: API_AUTH });
    const provider = createA1111Provider({
      baseUrl: fake.url,
      presets: testImagePresets(),
      timeoutMs: 5_000,
      apiAuth: 'velvet:wrong',
      posesDir,
    });
    const err = await providerFailure(provider.generate(params));
    expect([err.status, err.transient]).toEqual([401, false]);
    expect(err.message).not.toContain('wrong');
  });

  it('a request that never completes times out within the configured limit (transient)', async () => {
    const { provider } = await setUp('never', 300);
    const started = Date.now();
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient]).toEqual(['timeout', true]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses to start when a pose image is missing', () => {
    expect(() =>
      createA1111Provider({
        baseUrl: 'http://127.0.0.1:9',
        presets: testImagePresets(),
        timeoutMs: 1000,
        posesDir: os.tmpdir() + '/none',
      }),
    ).toThrow(/IMAGE_POSES_DIR: cannot read pose .*cowgirl\.png/);
    expect(() =>
      createA1111Provider({ baseUrl: 'http://127.0.0.1:9', presets: testImagePresets(), timeoutMs: 1000 }),
    ).toThrow('IMAGE_POSES_DIR: required');
  });
});
