import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { MODELS, STYLES } from '@velvet/contracts/options';
import builtInPresets from './presets.json' with { type: 'json' };
import type { GenerateParams } from './index.ts';
import { withMandatoryNegative } from './negative-prompt.ts';

// What the product's options mean to a real model: Models -> checkpoints, Styles -> pose presets
// (prompt fragments, LoRA, OpenPose reference), Strength -> the preset's weight. The built-in file is
// presets.json; IMAGE_PRESETS_FILE replaces it with an operator's file of the same shape, validated
// at start-up so a typo stops the worker instead of failing every run.

/** Names operators give to files on their model server (checkpoints, LoRAs, ControlNet models). */
const ZName = z.string().trim().min(1).max(200);
/** A1111 writes LoRAs as `<lora:name:weight>` in the prompt, so these characters would break it. */
const ZLoraName = ZName.regex(/^[^<>:]+$/, { message: 'must not contain <, > or :' });
/** Pose images are read from IMAGE_POSES_DIR (a1111) or ComfyUI's input folder: no way out of it. */
const ZPoseName = ZName.regex(/^[\w][\w .-]*(\/[\w][\w .-]*)*$/, {
  message: 'must be a file name (optionally in sub/folders) of letters, digits, _ . - and spaces',
}).refine((name) => !name.split('/').includes('..'), { message: 'must not contain ..' });
/** Replicate: `owner/name`, `owner/name:<version id>` or a bare 64-hex version id. */
const ZReplicateRef = z
  .string()
  .trim()
  .regex(/^([a-z0-9][\w.-]*\/[\w.-]+(:[a-f0-9]{64})?|[a-f0-9]{64})$/i, {
    message: 'must be owner/name, owner/name:<64-hex version id> or a version id',
  });

const ZWeightRange = z
  .object({ min: z.number().min(0).max(3), max: z.number().min(0).max(3) })
  .strict()
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max' });

const ZPromptPreset = z
  .object({ prompt: z.string().max(1000).default(''), negative: z.string().max(1000).default('') })
  .strict();

const ZStylePreset = ZPromptPreset.extend({
  /** LoRA file (ComfyUI LoraLoader name, with extension; A1111 gets it without the extension). */
  lora: ZLoraName.optional(),
  /** OpenPose reference image, used when the provider section names a ControlNet model. */
  pose: ZPoseName.optional(),
}).strict();

const ZSteps = z.int().min(1).max(150);

const ZComfyUiPresets = z
  .object({
    checkpoints: z.record(z.enum(MODELS), ZName),
    sampler: ZName.default('dpmpp_2m'),
    scheduler: ZName.default('karras'),
    steps: ZSteps.default(28),
    cfg: z.number().min(0).max(30).default(6),
    /** ControlNet model for the styles' pose references; unset = poses are not used. */
    controlNet: ZName.optional(),
    /** The 4k pass: a second sampler pass on a 2x latent, an upscale model, or plain resampling. */
    upscale: z
      .discriminatedUnion('method', [
        z
          .object({
            method: z.literal('latent'),
            steps: ZSteps.default(14),
            denoise: z.number().min(0).max(1).default(0.45),
          })
          .strict(),
        z.object({ method: z.literal('model'), model: ZName }).strict(),
        z.object({ method: z.literal('pixel') }).strict(),
      ])
      .default({ method: 'latent', steps: 14, denoise: 0.45 }),
  })
  .strict();

const ZA1111Presets = z
  .object({
    checkpoints: z.record(z.enum(MODELS), ZName),
    sampler: ZName.default('DPM++ 2M'),
    /** Separate scheduler field of A1111 1.9+ / Forge; leave out for older servers. */
    scheduler: ZName.optional(),
    steps: ZSteps.default(28),
    cfgScale: z.number().min(0).max(30).default(6),
    hrUpscaler: ZName.default('Latent'),
    hrSecondPassSteps: z.int().min(0).max(150).default(14),
    denoisingStrength: z.number().min(0).max(1).default(0.45),
    /** ControlNet model for pose references (needs the ControlNet extension and IMAGE_POSES_DIR). */
    controlNet: ZName.optional(),
  })
  .strict();

const ZReplicateInput = z.record(z.string(), z.unknown());

const ZReplicatePresets = z
  .object({
    /** The hosted model per product model, plus any inputs that model needs beyond the common ones. */
    models: z.record(z.enum(MODELS), z.object({ ref: ZReplicateRef, input: ZReplicateInput.default({}) }).strict()),
    steps: ZSteps.default(28),
    guidance: z.number().min(0).max(30).default(6),
    /** LoRA name -> weights URL, for models that take `lora_weights`; the strength becomes `lora_scale`. */
    loras: z.record(z.string(), z.url()).default({}),
    /** The 4k pass: a second prediction per picture on an upscaler model, or an input flag of the model. */
    upscale: z.discriminatedUnion('method', [
      z
        .object({
          method: z.literal('prediction'),
          ref: ZReplicateRef,
          imageInput: ZName.default('image'),
          scaleInput: ZName.default('scale'),
          input: ZReplicateInput.default({}),
        })
        .strict(),
      z
        .object({
          method: z.literal('input'),
          name: ZName,
          value: z.union([z.boolean(), z.number(), z.string()]).default(true),
        })
        .strict(),
    ]),
  })
  .strict();

export const ZImagePresets = z
  .object({
    /**
     * Added to every negative prompt, after the mandatory terms of negative-prompt.ts: it can extend
     * them but not remove them.
     */
    negativePrompt: z.string().max(2000).default(''),
    /** How Strength (0..1) maps onto each kind of weight: min at 0, max at 1, linear between. */
    weights: z
      .object({ lora: ZWeightRange, emphasis: ZWeightRange, pose: ZWeightRange })
      .strict()
      .default({ lora: { min: 0, max: 1 }, emphasis: { min: 0.5, max: 1.5 }, pose: { min: 0, max: 1 } }),
    models: z.partialRecord(z.enum(MODELS), ZPromptPreset).default({}),
    styles: z.record(z.enum(STYLES), ZStylePreset),
    comfyui: ZComfyUiPresets.optional(),
    a1111: ZA1111Presets.optional(),
    replicate: ZReplicatePresets.optional(),
  })
  .strict();

export type ImagePresets = z.infer<typeof ZImagePresets>;
export type StylePreset = z.infer<typeof ZStylePreset>;
export type ComfyUiPresets = z.infer<typeof ZComfyUiPresets>;
export type A1111Presets = z.infer<typeof ZA1111Presets>;
export type ReplicatePresets = z.infer<typeof ZReplicatePresets>;

/** Validates presets; the error names the source and every bad field by its path. */
export function parseImagePresets(data: unknown, source: string): ImagePresets {
  const parsed = ZImagePresets.safeParse(data);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid image presets in ${source}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The built-in presets, or the operator's IMAGE_PRESETS_FILE when set. */
export function loadImagePresets(file?: string): ImagePresets {
  if (!file) return parseImagePresets(builtInPresets, 'the built-in presets.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`IMAGE_PRESETS_FILE: cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`IMAGE_PRESETS_FILE: ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  return parseImagePresets(data, file);
}

/** Strength 0..1 placed on a weight range, to two decimals (what prompt syntax and UIs show). */
export function weightAt(range: { min: number; max: number }, strength: number): number {
  const s = Math.min(1, Math.max(0, strength));
  return Math.round((range.min + s * (range.max - range.min)) * 100) / 100;
}

export interface ComposedPrompt {
  positive: string;
  negative: string;
  style: StylePreset;
  /** The style preset's weights at the run's strength. */
  weights: { lora: number; emphasis: number; pose: number };
}

/**
 * The prompt pair every adapter sends: the member's prompt, the model's fragment, then the style's
 * fragment, the latter wrapped as `(fragment:weight)` where the backend understands that emphasis.
 * Angle brackets are removed from the member's text (the sanitiser already does) because to A1111
 * `<lora:...>` would load any LoRA on the server. The negative prompt is the mandatory one
 * (negative-prompt.ts) extended by the style's, the model's and the presets' terms, then
 * `negativeExtra` (SAFETY_NEGATIVE_PROMPT_EXTRA).
 */
export function composePrompt(
  params: Pick<GenerateParams, 'prompt' | 'model' | 'style' | 'strength'>,
  presets: ImagePresets,
  options: { emphasis: boolean; negativeExtra?: readonly string[] | undefined },
): ComposedPrompt {
  const style = presets.styles[params.style];
  const model = presets.models[params.model];
  const weights = {
    lora: weightAt(presets.weights.lora, params.strength),
    emphasis: weightAt(presets.weights.emphasis, params.strength),
    pose: weightAt(presets.weights.pose, params.strength),
  };
  const fragment = style.prompt.trim();
  const styled = fragment && options.emphasis ? `(${fragment}:${weights.emphasis})` : fragment;
  const join = (parts: Array<string | undefined>) =>
    parts
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(', ');
  return {
    positive: join([params.prompt.replace(/[<>]/g, ''), model?.prompt, styled]),
    negative: withMandatoryNegative([style.negative, model?.negative, presets.negativePrompt], options.negativeExtra),
    style,
    weights,
  };
}

/**
 * One seed per run, derived from its id: a retried job draws the same pictures again, and two runs
 * with the same prompt still differ. 31 bits fit every backend's seed field.
 */
export function seedForRun(runId: string): number {
  return createHash('sha256').update(runId).digest().readUInt32BE(0) >>> 1;
}
