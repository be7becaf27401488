import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { a1111LoraName, buildA1111Request } from './a1111.ts';
import type { GenerateParams } from './index.ts';
import { MANDATORY_NEGATIVE_TERMS } from './negative-prompt.ts';
import { loadImagePresets, seedForRun, type A1111Presets, type ImagePresets } from './presets.ts';

const builtIn = loadImagePresets();
const presets: ImagePresets = {
  ...builtIn,
  styles: {
    ...builtIn.styles,
    'Missionary Pussy': { ...builtIn.styles['Missionary Pussy'], lora: 'pose-missionary.safetensors', pose: 'm.png' },
  },
};
const a1111: A1111Presets = builtIn.a1111!;

const params: GenerateParams = {
  prompt: 'candle light',
  model: 'Hyper Anime',
  style: 'Free',
  strength: 0.5,
  count: 4,
  upscale4k: false,
  runId: 'a'.repeat(32),
  ...RATIOS.Square,
};

describe('A1111 txt2img request', () => {
  it('maps model, ratio size, count and sampler settings', () => {
    const body = buildA1111Request(params, presets, a1111);
    expect(body).toEqual({
      prompt: 'candle light, hyper detailed anime illustration, adult, vivid colors',
      negative_prompt:
        `${MANDATORY_NEGATIVE_TERMS.join(', ')}, photo, 3d render, ` +
        'lowres, bad anatomy, bad hands, extra fingers, extra limbs, deformed, blurry, watermark, text, signature',
      width: 1024,
      height: 1024,
      batch_size: 4,
      n_iter: 1,
      steps: 28,
      cfg_scale: 6,
      sampler_name: 'DPM++ 2M',
      scheduler: 'Karras',
      seed: seedForRun(params.runId),
      override_settings: { sd_model_checkpoint: 'velvet-hyper-anime-xl.safetensors' },
      override_settings_restore_afterwards: false,
      send_images: true,
      save_images: false,
      enable_hr: false,
    });
  });

  it('writes the style LoRA as <lora:name:weight> and emphasises the style fragment by strength', () => {
    const body = buildA1111Request({ ...params, style: 'Missionary Pussy', strength: 0.3 }, presets, a1111);
    expect(body.prompt).toMatch(
      /, \(adult couple, missionary position, vaginal sex, explicit:0\.84\), <lora:pose-missionary:0\.44>$/,
    );
    expect(a1111LoraName('my lora.pt')).toBe('my lora');
  });

  it('turns 4k into the hires pass at 2x', () => {
    const body = buildA1111Request({ ...params, upscale4k: true }, presets, a1111);
    expect(body).toMatchObject({
      enable_hr: true,
      hr_scale: 2,
      hr_upscaler: 'Latent',
      hr_second_pass_steps: 14,
      denoising_strength: 0.45,
    });
  });

  it('sends the pose reference to ControlNet at the strength weight when a ControlNet model is set', () => {
    const style = { ...params, style: 'Missionary Pussy', strength: 1 } as const;
    const body = buildA1111Request(style, presets, { ...a1111, controlNet: 'openpose [abc123]' }, 'BASE64POSE');
    expect(body.alwayson_scripts?.controlnet.args).toEqual([
      expect.objectContaining({
        enabled: true,
        image: 'BASE64POSE',
        module: 'none',
        model: 'openpose [abc123]',
        weight: 1,
      }),
    ]);
    expect(buildA1111Request(style, presets, a1111, 'BASE64POSE').alwayson_scripts).toBeUndefined();
  });

  it('always sends the mandatory negative prompt, whatever the presets say, plus the configured extra terms', () => {
    const emptied: ImagePresets = {
      ...presets,
      negativePrompt: '',
      models: { ...presets.models, 'Hyper Anime': { prompt: 'anime', negative: '' } },
    };
    const empty = buildA1111Request(params, emptied, a1111).negative_prompt;
    expect(empty).toBe(MANDATORY_NEGATIVE_TERMS.join(', '));

    // A file that asks the model to avoid adults instead.
    const contradicting: ImagePresets = { ...emptied, negativePrompt: 'adult, (mature:1.3), Mature Woman, wrinkles' };
    const body = buildA1111Request(params, contradicting, a1111, undefined, ['sketch', 'kid']);
    expect(body.negative_prompt).toBe(`${MANDATORY_NEGATIVE_TERMS.join(', ')}, wrinkles, sketch`);
  });

  it('leaves the scheduler out for servers that predate the field', () => {
    const { scheduler: _omit, ...older } = a1111;
    expect('scheduler' in buildA1111Request(params, presets, older)).toBe(false);
  });
});
