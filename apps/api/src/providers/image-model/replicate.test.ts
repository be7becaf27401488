import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import type { GenerateParams } from './index.ts';
import { MANDATORY_NEGATIVE_TERMS } from './negative-prompt.ts';
import { loadImagePresets, parseImagePresets, seedForRun, type ImagePresets } from './presets.ts';
import { buildReplicatePrediction, buildReplicateUpscale, replicateCall } from './replicate.ts';

const VERSION = 'f'.repeat(64);
const builtIn = loadImagePresets();
const presets: ImagePresets = parseImagePresets(
  {
    ...builtIn,
    styles: { ...builtIn.styles, Handjob: { ...builtIn.styles.Handjob, lora: 'pose-handjob' } },
    replicate: {
      models: {
        Realistic: { ref: `velvet/realistic:${VERSION}`, input: { disable_watermark: true } },
        Manga: { ref: 'velvet/manga' },
        Animation: { ref: VERSION },
        'Hyper Anime': { ref: 'velvet/hyper', input: { guidance_scale: 9 } },
      },
      loras: { 'pose-handjob': 'https://weights.example/pose-handjob.safetensors' },
      upscale: { method: 'prediction', ref: `upscalers/esrgan:${VERSION}`, input: { face_enhance: false } },
    },
  },
  'test',
);
const replicate = presets.replicate!;

const params: GenerateParams = {
  prompt: 'rooftop at dusk',
  model: 'Realistic',
  style: 'Free',
  strength: 0.5,
  count: 2,
  upscale4k: false,
  runId: 'p'.repeat(32),
  ...RATIOS.Portrait,
};

describe('Replicate prediction', () => {
  it('runs versions through /v1/predictions and bare official models through their model path', () => {
    expect(replicateCall(`owner/model:${VERSION}`, {})).toEqual({
      path: '/v1/predictions',
      body: { version: VERSION, input: {} },
    });
    expect(replicateCall(VERSION, {})).toEqual({ path: '/v1/predictions', body: { version: VERSION, input: {} } });
    expect(replicateCall('owner/model', { a: 1 }, 'https://hooks.example/replicate')).toEqual({
      path: '/v1/models/owner/model/predictions',
      body: { input: { a: 1 }, webhook: 'https://hooks.example/replicate', webhook_events_filter: ['completed'] },
    });
  });

  it('maps model reference, prompts, ratio size, count and the model extra inputs', () => {
    const call = buildReplicatePrediction(params, presets, replicate);
    expect(call).toEqual({
      path: '/v1/predictions',
      body: {
        version: VERSION,
        input: {
          prompt: 'rooftop at dusk, photorealistic, adult, detailed skin, natural light',
          negative_prompt:
            `${MANDATORY_NEGATIVE_TERMS.join(', ')}, anime, cartoon, drawing, ` +
            'lowres, bad anatomy, bad hands, extra fingers, extra limbs, deformed, blurry, watermark, text, signature',
          width: 832,
          height: 1216,
          num_outputs: 2,
          num_inference_steps: 28,
          guidance_scale: 6,
          seed: seedForRun(params.runId),
          disable_watermark: true,
        },
      },
    });
    expect(
      buildReplicatePrediction({ ...params, model: 'Hyper Anime' }, presets, replicate).body.input.guidance_scale,
    ).toBe(9);
  });

  it('sends the style fragment as plain text and its LoRA weights with lora_scale = strength weight', () => {
    const { input } = buildReplicatePrediction(
      { ...params, model: 'Manga', style: 'Handjob', strength: 1 },
      presets,
      replicate,
    ).body;
    expect(input.prompt).toMatch(/, adult woman giving a handjob, explicit$/);
    expect(input.lora_weights).toBe('https://weights.example/pose-handjob.safetensors');
    expect(input.lora_scale).toBe(1);
  });

  it('always sends the mandatory negative_prompt: presets and model inputs extend it, never replace it', () => {
    const emptied: ImagePresets = { ...presets, negativePrompt: '', models: {} };
    expect(buildReplicatePrediction(params, emptied, replicate).body.input.negative_prompt).toBe(
      MANDATORY_NEGATIVE_TERMS.join(', '),
    );

    // A model whose own inputs try to replace the negative prompt, or to drop it.
    const replacing = {
      ...replicate,
      models: {
        ...replicate.models,
        Realistic: { ref: `velvet/realistic:${VERSION}`, input: { negative_prompt: 'mature, cartoon' } },
        Manga: { ref: 'velvet/manga', input: { negative_prompt: null } },
      },
    };
    const { input } = buildReplicatePrediction(params, emptied, replacing, undefined, ['Blurry', 'loli']).body;
    expect(input.negative_prompt).toBe(`${MANDATORY_NEGATIVE_TERMS.join(', ')}, Blurry, cartoon`);
    const dropped = buildReplicatePrediction({ ...params, model: 'Manga' }, emptied, replacing).body.input;
    expect(dropped.negative_prompt).toBe(MANDATORY_NEGATIVE_TERMS.join(', '));
  });

  it('4k as a second prediction on the upscaler, or as the model input flag', () => {
    expect(buildReplicateUpscale('https://files.example/out-0.png', replicate)).toEqual({
      path: '/v1/predictions',
      body: { version: VERSION, input: { face_enhance: false, image: 'https://files.example/out-0.png', scale: 2 } },
    });
    const flagged = { ...replicate, upscale: { method: 'input' as const, name: 'upscale_4k', value: true } };
    expect(buildReplicatePrediction({ ...params, upscale4k: true }, presets, flagged).body.input.upscale_4k).toBe(true);
    expect(buildReplicatePrediction(params, presets, flagged).body.input).not.toHaveProperty('upscale_4k');
  });
});
