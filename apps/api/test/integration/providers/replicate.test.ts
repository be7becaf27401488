import { afterEach, describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import type { GenerateParams } from '../../../src/providers/image-model/index.ts';
import { MANDATORY_NEGATIVE_TERMS } from '../../../src/providers/image-model/negative-prompt.ts';
import { createImageModelProvider } from '../../../src/providers/image-model/select.ts';
import { createReplicateProvider, type ReplicateOptions } from '../../../src/providers/image-model/replicate.ts';
import { expectWebpImages, providerFailure } from '../../support/fakes/assertions.ts';
import {
  REPLICATE_VERSION,
  testImagePresets,
  UPSCALER_VERSION,
  writePresetsFile,
} from '../../support/fakes/presets.ts';
import { testConfig } from '../../support/app.ts';
import { startReplicateFake, type ReplicateFake, type ReplicateFakeMode } from '../../support/fakes/replicate.ts';

const params: GenerateParams = {
  prompt: 'rain on the window',
  model: 'Realistic',
  style: 'Cowgirl Pussy',
  strength: 0.5,
  count: 2,
  upscale4k: false,
  runId: 'R'.repeat(32),
  ...RATIOS.Portrait,
};

let fake: ReplicateFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(mode: ReplicateFakeMode = 'ok', options: Partial<ReplicateOptions> = {}) {
  fake = await startReplicateFake(mode);
  const provider = createReplicateProvider({
    apiUrl: fake.url,
    apiToken: fake.token,
    presets: testImagePresets(),
    timeoutMs: 20_000,
    pollIntervalMs: 20,
    ...options,
  });
  return { fake, provider };
}

describe('Replicate adapter (fake Replicate API)', () => {
  it('creates a prediction, polls urls.get, downloads the outputs: count WebP pictures', async () => {
    const { fake, provider } = await setUp('ok', { webhookUrl: 'https://velvet.example/hooks/replicate' });
    const images = await provider.generate(params);
    await expectWebpImages(images, 2, 832, 1216);

    const [create, ...rest] = fake.requests;
    expect([create!.method, create!.path]).toEqual(['POST', '/v1/predictions']);
    expect(create!.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(create!.headers.prefer).toBeUndefined();
    const body = create!.json as {
      version: string;
      input: Record<string, unknown>;
      webhook: string;
      webhook_events_filter: string[];
    };
    expect(body.version).toBe(REPLICATE_VERSION);
    expect(body.webhook).toBe('https://velvet.example/hooks/replicate');
    expect(body.webhook_events_filter).toEqual(['completed']);
    expect(body.input).toMatchObject({
      width: 832,
      height: 1216,
      num_outputs: 2,
      num_inference_steps: 28,
      guidance_scale: 6,
      lora_weights: 'https://weights.example/pose-cowgirl.safetensors',
      lora_scale: 0.6,
    });
    expect(body.input.prompt).toMatch(
      /^rain on the window, photorealistic.*, adult couple, cowgirl position.*explicit$/,
    );
    expect(body.input.negative_prompt).toContain('underage');

    const id = [...fake.predictions.keys()][0]!;
    const polls = rest.filter((r) => r.method === 'GET' && r.path === `/v1/predictions/${id}`);
    expect(polls).toHaveLength(3); // processing, processing, succeeded
    expect(polls.every((p) => p.headers.authorization === `Bearer ${fake.token}`)).toBe(true);
    expect(rest.filter((r) => r.path.startsWith('/files/')).map((r) => r.path)).toEqual([
      `/files/${id}-0.png`,
      `/files/${id}-1.png`,
    ]);
  });

  it('sends the mandatory negative_prompt whatever the presets file says, plus SAFETY_NEGATIVE_PROMPT_EXTRA', async () => {
    fake = await startReplicateFake('ok');
    const negativeOf = (index: number) =>
      (fake!.requests.filter((r) => r.method === 'POST')[index]!.json as { input: Record<string, unknown> }).input
        .negative_prompt;
    const presets = testImagePresets();
    const emptied = { ...presets, negativePrompt: '', models: {} };
    const server = {
      IMAGE_PROVIDER: 'replicate',
      REPLICATE_API_URL: fake.url,
      REPLICATE_API_TOKEN: fake.token,
      IMAGE_PROVIDER_POLL_INTERVAL_MS: '20',
    };
    const plain = createImageModelProvider(testConfig({ ...server, IMAGE_PRESETS_FILE: writePresetsFile(emptied) }));
    await plain.generate({ ...params, count: 1 });
    expect(negativeOf(0)).toBe(MANDATORY_NEGATIVE_TERMS.join(', '));

    // The model's own inputs try to replace the negative prompt with one that avoids adults.
    const replicate = presets.replicate!;
    const contradicting = {
      ...emptied,
      negativePrompt: 'mature, blurry',
      replicate: {
        ...replicate,
        models: {
          ...replicate.models,
          Realistic: { ...replicate.models.Realistic, input: { negative_prompt: 'adult woman, cartoon' } },
        },
      },
    };
    const extended = createImageModelProvider(
      testConfig({
        ...server,
        IMAGE_PRESETS_FILE: writePresetsFile(contradicting),
        SAFETY_NEGATIVE_PROMPT_EXTRA: 'sketch, loli',
      }),
    );
    await extended.generate({ ...params, count: 1 });
    expect(negativeOf(1)).toBe(`${MANDATORY_NEGATIVE_TERMS.join(', ')}, blurry, sketch, cartoon`);
  });

  it('runs an official model (owner/name) through its model path', async () => {
    const { fake, provider } = await setUp();
    await expectWebpImages(await provider.generate({ ...params, model: 'Manga', count: 1 }), 1, 832, 1216);
    expect(fake.requests[0]!.path).toBe('/v1/models/velvet/manga-xl/predictions');
    expect(fake.requests[0]!.json).not.toHaveProperty('version');
  });

  it('with Prefer: wait the create call returns the outputs inline, without polling', async () => {
    const { fake, provider } = await setUp('ok', { preferWaitSeconds: 30 });
    await expectWebpImages(await provider.generate({ ...params, count: 1 }), 1, 832, 1216);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.prefer).toBe('wait=30');
  });

  it('4k runs each picture through the upscaler model: twice the ratio size', async () => {
    const { fake, provider } = await setUp();
    const images = await provider.generate({ ...params, style: 'Free', upscale4k: true, ...RATIOS.Square });
    await expectWebpImages(images, 2, 2048, 2048);
    const creates = fake.requests.filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(3);
    const [generation, ...upscales] = [...fake.predictions.values()];
    expect(upscales.map((p) => [p.version, p.input.scale])).toEqual([
      [UPSCALER_VERSION, 2],
      [UPSCALER_VERSION, 2],
    ]);
    expect(upscales.map((p) => p.input.image).sort()).toEqual([...generation!.output!].sort());
  });

  it("a prediction that ends 'failed' is a non-transient failed generation with the model's error", async () => {
    const { provider } = await setUp('failed');
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient]).toEqual(['generation_failed', false]);
    expect(err.message).toBe('replicate: prediction failed: The model failed: invalid dimensions for this checkpoint');
  });

  it('HTTP 500 and 429 are transient; 422 and a bad token are not', async () => {
    const cases: Array<[ReplicateFakeMode, number, boolean]> = [
      ['server-error', 500, true],
      ['rate-limited', 429, true],
      ['invalid-input', 422, false],
    ];
    for (const [mode, status, transient] of cases) {
      const err = await providerFailure((await setUp(mode)).provider.generate(params));
      expect([err.code, err.status, err.transient]).toEqual(['http', status, transient]);
      await fake!.close();
    }
    const { provider } = await setUp('ok', { apiToken: 'r8_wrong' });
    const err = await providerFailure(provider.generate(params));
    expect([err.status, err.transient]).toEqual([401, false]);
    expect(err.message).not.toContain('r8_wrong');
  });

  it('a prediction that never finishes times out (transient) and is cancelled', async () => {
    const { fake, provider } = await setUp('never', { timeoutMs: 300 });
    const started = Date.now();
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient]).toEqual(['timeout', true]);
    expect(Date.now() - started).toBeLessThan(2_000);
    const [prediction] = [...fake.predictions.values()];
    expect(prediction!.status).toBe('canceled');
    const cancel = fake.requests.find((r) => r.path.endsWith('/cancel'))!;
    expect([cancel.method, cancel.headers.authorization]).toEqual(['POST', `Bearer ${fake.token}`]);
  });
});
