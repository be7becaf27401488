// The settings of the generation screen and the make request built from them (spec sections 3, 5
// and 9). Pure: the screen keeps the settings in state and calls these.
import { generationCost } from '@velvet/contracts/catalog';
import { formatStrength, generateRunId } from '@velvet/contracts/format';
import type { TMakeImagesRequest, TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import {
  GENERATION_DEFAULTS,
  RATIOS,
  type FourK,
  STRENGTH,
  type ImageCount,
  type Model,
  type Ratio,
  type Style,
} from '@velvet/contracts/options';
import { isPromptBlank, sanitizePrompt } from '@velvet/contracts/sanitize-prompt';

export interface GenerationSettings {
  model: Model;
  style: Style;
  ratio: Ratio;
  count: ImageCount;
  /** 4k upscaling: sent as fourk_yn 'yes' or 'no'. */
  fourk: boolean;
  /** 0..1 in steps of 0.1. */
  strength: number;
}

export const DEFAULT_GENERATION_SETTINGS: GenerationSettings = {
  model: GENERATION_DEFAULTS.model,
  style: GENERATION_DEFAULTS.style,
  ratio: GENERATION_DEFAULTS.ratio,
  count: GENERATION_DEFAULTS.count,
  fourk: (GENERATION_DEFAULTS.fourk as FourK) === 'yes',
  strength: GENERATION_DEFAULTS.strength,
};

/** The messages of spec section 8 for a generation. */
export const GENERATE_MESSAGES = {
  failed: 'Failed to generate images. Please try again.',
} as const;

/** Coins the Generate button shows: 100 per image, doubled with 4k. */
export function settingsCost(settings: Pick<GenerationSettings, 'count' | 'fourk'>): number {
  return generationCost(settings.count, settings.fourk);
}

/** Generate is disabled when nothing would be left of the prompt to send. */
export function canSubmitPrompt(prompt: string): boolean {
  return !isPromptBlank(prompt);
}

/** A strength from the slider: clamped to 0..1 and snapped to tenths. */
export function normalizeStrength(value: number): number {
  if (!Number.isFinite(value)) return STRENGTH.default;
  const clamped = Math.min(STRENGTH.max, Math.max(STRENGTH.min, value));
  return Math.round(clamped * 10) / 10;
}

/** '832 x 1216' for Portrait. */
export function ratioSizeText(ratio: Ratio): string {
  const { width, height } = RATIOS[ratio];
  return `${width} x ${height}`;
}

/** The details text of the request: model, style and ratio. */
export function generationDetails(settings: Pick<GenerationSettings, 'model' | 'style' | 'ratio'>): string {
  return `${settings.model}, ${settings.style}, ${settings.ratio}`;
}

/** The body of POST /api/v2/images/make: sanitised prompt, a fresh run_id, strength as text. */
export function buildMakeImagesRequest(
  prompt: string,
  settings: GenerationSettings,
  runId: string = generateRunId(),
): TMakeImagesRequest {
  return {
    run_id: runId,
    prompt: sanitizePrompt(prompt),
    run_type: settings.model,
    run_style: settings.style,
    run_ratio: settings.ratio,
    details: generationDetails(settings),
    request_cnt: settings.count,
    fourk_yn: settings.fourk ? 'yes' : 'no',
    strength: formatStrength(normalizeStrength(settings.strength)),
    is_open: 'N',
    is_claim: 'N',
  };
}

/**
 * Regenerate: the group's prompt is the one sent, already sanitised. Sanitising again would bracket
 * the plain quotes that curly ones became (`"film"` -> `[film]`), so it is sent as it is.
 */
export function buildResendRequest(
  sentPrompt: string,
  settings: GenerationSettings,
  runId: string = generateRunId(),
): TMakeImagesRequest {
  return { ...buildMakeImagesRequest(sentPrompt, settings, runId), prompt: sentPrompt };
}

export type MakeOutcome =
  { kind: 'ok'; balance: number; imageIds: string[] } | { kind: 'refused'; detail: string; balance: number | null };

/** What the make response means for the screen. */
export function makeOutcome(response: TMakeImagesResponse): MakeOutcome {
  if (response.status === 'ok') {
    return { kind: 'ok', balance: response.cur_tokens, imageIds: response.image_ids };
  }
  return { kind: 'refused', detail: response.detail, balance: response.cur_tokens ?? null };
}

/**
 * The text for a make call that threw. The API's own message is shown when it sent one for a
 * refusal (4xx other than 401) or for 503 (the queue is down and the coins were refunded); anything
 * else is the spec's generic failure.
 */
export function makeFailureMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    const raw = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
    const message = typeof raw === 'string' ? raw.trim() : '';
    const usable = typeof status === 'number' && ((status >= 400 && status < 500 && status !== 401) || status === 503);
    if (usable && message) return message;
  }
  return GENERATE_MESSAGES.failed;
}
