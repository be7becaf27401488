import fs from 'node:fs';
import path from 'node:path';
import { isRecord, malformed, requestJson, withDeadline } from './http.ts';
import type { GenerateParams, ImageModelProvider } from './index.ts';
import { toGeneratedImages } from './output.ts';
import { composePrompt, seedForRun, type A1111Presets, type ImagePresets } from './presets.ts';

const PROVIDER = 'a1111';

/** A1111 names LoRAs by file name without extension in `<lora:name:weight>`. */
export function a1111LoraName(file: string): string {
  return file.replace(/\.(safetensors|ckpt|pt|pth|bin)$/i, '');
}

/** The txt2img body of AUTOMATIC1111 / Forge (`/sdapi/v1/txt2img`), as far as Velvet sets it. */
export interface A1111Txt2ImgRequest {
  prompt: string;
  negative_prompt: string;
  width: number;
  height: number;
  batch_size: number;
  n_iter: number;
  steps: number;
  cfg_scale: number;
  sampler_name: string;
  scheduler?: string;
  seed: number;
  override_settings: { sd_model_checkpoint: string };
  override_settings_restore_afterwards: boolean;
  send_images: boolean;
  save_images: boolean;
  enable_hr: boolean;
  hr_scale?: number;
  hr_upscaler?: string;
  hr_second_pass_steps?: number;
  denoising_strength?: number;
  alwayson_scripts?: { controlnet: { args: Array<Record<string, unknown>> } };
}

/**
 * One run as a txt2img request: the model's checkpoint as a per-request override, the style's
 * fragment with `(text:weight)` emphasis and its LoRA as `<lora:name:weight>`, the ratio's size,
 * batch = count, and for 4k the built-in hires pass at 2x. `poseImage` is the style's pose reference
 * (base64) when ControlNet is configured. The negative prompt always carries the mandatory terms,
 * plus `negativeExtra`. Pure, so the mapping is tested.
 */
export function buildA1111Request(
  params: GenerateParams,
  presets: ImagePresets,
  a1111: A1111Presets,
  poseImage?: string,
  negativeExtra?: readonly string[],
): A1111Txt2ImgRequest {
  const prompt = composePrompt(params, presets, { emphasis: true, negativeExtra });
  const lora = prompt.style.lora ? `<lora:${a1111LoraName(prompt.style.lora)}:${prompt.weights.lora}>` : '';
  const request: A1111Txt2ImgRequest = {
    prompt: [prompt.positive, lora].filter(Boolean).join(', '),
    negative_prompt: prompt.negative,
    width: params.width,
    height: params.height,
    batch_size: params.count,
    n_iter: 1,
    steps: a1111.steps,
    cfg_scale: a1111.cfgScale,
    sampler_name: a1111.sampler,
    ...(a1111.scheduler ? { scheduler: a1111.scheduler } : {}),
    seed: seedForRun(params.runId),
    override_settings: { sd_model_checkpoint: a1111.checkpoints[params.model] },
    // Keeping the checkpoint loaded avoids reloading it for the next run of the same model.
    override_settings_restore_afterwards: false,
    send_images: true,
    save_images: false,
    enable_hr: params.upscale4k,
  };
  if (params.upscale4k) {
    request.hr_scale = 2;
    request.hr_upscaler = a1111.hrUpscaler;
    request.hr_second_pass_steps = a1111.hrSecondPassSteps;
    request.denoising_strength = a1111.denoisingStrength;
  }
  if (poseImage && a1111.controlNet) {
    request.alwayson_scripts = {
      controlnet: {
        args: [
          {
            enabled: true,
            image: poseImage,
            // The reference already is an OpenPose skeleton: no preprocessor.
            module: 'none',
            model: a1111.controlNet,
            weight: prompt.weights.pose,
            resize_mode: 'Crop and Resize',
            guidance_start: 0,
            guidance_end: 1,
            pixel_perfect: true,
          },
        ],
      },
    };
  }
  return request;
}

export interface A1111Options {
  baseUrl: string;
  presets: ImagePresets;
  timeoutMs: number;
  /** `user:password` when the server runs with --api-auth. */
  apiAuth?: string | undefined;
  /** Folder of the styles' pose reference images (A1111 receives them inline). */
  posesDir?: string | undefined;
  /** SAFETY_NEGATIVE_PROMPT_EXTRA: added to the mandatory negative prompt (negative-prompt.ts). */
  negativePromptExtra?: readonly string[] | undefined;
}

/**
 * AUTOMATIC1111 / Forge stable-diffusion-webui started with --api: one synchronous POST
 * /sdapi/v1/txt2img answers base64 PNGs, converted to WebP. The overall timeout bounds that request.
 */
export function createA1111Provider(options: A1111Options): ImageModelProvider {
  const a1111 = options.presets.a1111;
  if (!a1111) throw new Error('Invalid image presets: IMAGE_PROVIDER=a1111 needs an "a1111" section');
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiAuth
    ? { authorization: `Basic ${Buffer.from(options.apiAuth).toString('base64')}` }
    : {};

  // Read the pose images once at start-up: a missing file is a configuration error, not a run failure.
  const poses = new Map<string, string>();
  if (a1111.controlNet) {
    for (const style of Object.values(options.presets.styles)) {
      if (!style.pose || poses.has(style.pose)) continue;
      if (!options.posesDir) {
        throw new Error(
          'Invalid configuration:\n  IMAGE_POSES_DIR: required when a1111.controlNet and style poses are set',
        );
      }
      const file = path.join(options.posesDir, style.pose);
      try {
        poses.set(style.pose, fs.readFileSync(file).toString('base64'));
      } catch (err) {
        throw new Error(
          `Invalid configuration:\n  IMAGE_POSES_DIR: cannot read pose ${file}: ${(err as Error).message}`,
          { cause: err },
        );
      }
    }
  }

  return {
    name: PROVIDER,
    isDemo: false,
    generate(params: GenerateParams, callerSignal?: AbortSignal) {
      return withDeadline(PROVIDER, { timeoutMs: options.timeoutMs, signal: callerSignal }, async (signal) => {
        const pose = options.presets.styles[params.style].pose;
        const body = buildA1111Request(
          params,
          options.presets,
          a1111,
          pose ? poses.get(pose) : undefined,
          options.negativePromptExtra,
        );
        const answer = await requestJson(PROVIDER, `${base}/sdapi/v1/txt2img`, { json: body, headers, signal });
        if (!isRecord(answer) || !Array.isArray(answer.images)) throw malformed(PROVIDER, 'no images array');
        const pictures = answer.images.map((image) => {
          if (typeof image !== 'string') throw malformed(PROVIDER, 'image is not base64 text');
          return Buffer.from(image.replace(/^data:[^,]*,/, ''), 'base64');
        });
        return toGeneratedImages(PROVIDER, pictures, params);
      });
    },
  };
}
