import type { AppConfig } from '../../config/env.ts';
import { createA1111Provider } from './a1111.ts';
import { createComfyUiProvider } from './comfyui.ts';
import { createDemoProvider } from './demo.ts';
import type { ImageModelProvider } from './index.ts';
import { negativeTerms } from './negative-prompt.ts';
import { loadImagePresets } from './presets.ts';
import { createReplicateProvider } from './replicate.ts';

export type ImageProviderConfig = Pick<
  AppConfig,
  | 'IMAGE_PROVIDER'
  | 'IMAGE_PRESETS_FILE'
  | 'IMAGE_PROVIDER_TIMEOUT_MS'
  | 'IMAGE_PROVIDER_POLL_INTERVAL_MS'
  | 'IMAGE_POSES_DIR'
  | 'COMFYUI_URL'
  | 'A1111_URL'
  | 'A1111_API_AUTH'
  | 'REPLICATE_API_TOKEN'
  | 'REPLICATE_API_URL'
  | 'REPLICATE_WEBHOOK_URL'
  | 'REPLICATE_PREFER_WAIT_SECONDS'
  | 'SAFETY_NEGATIVE_PROMPT_EXTRA'
>;

function required<T>(value: T | undefined, name: string, provider: string): T {
  if (value === undefined)
    throw new Error(`Invalid configuration:\n  ${name}: required when IMAGE_PROVIDER=${provider}`);
  return value;
}

/**
 * The adapter IMAGE_PROVIDER names; `demo` draws locally when no model endpoint is configured. Runs at
 * start-up of the API and the worker, so a missing URL or a bad presets file stops them at once.
 */
export function createImageModelProvider(config: ImageProviderConfig): ImageModelProvider {
  const provider = config.IMAGE_PROVIDER;
  if (provider === 'demo') return createDemoProvider();
  const presets = loadImagePresets(config.IMAGE_PRESETS_FILE);
  const timing = {
    timeoutMs: config.IMAGE_PROVIDER_TIMEOUT_MS,
    pollIntervalMs: config.IMAGE_PROVIDER_POLL_INTERVAL_MS,
  };
  // Every real model gets the mandatory negative prompt; configuration can only add to it.
  const negativePromptExtra = negativeTerms(config.SAFETY_NEGATIVE_PROMPT_EXTRA);
  switch (provider) {
    case 'comfyui':
      return createComfyUiProvider({
        baseUrl: required(config.COMFYUI_URL, 'COMFYUI_URL', provider),
        presets,
        negativePromptExtra,
        ...timing,
      });
    case 'a1111':
      return createA1111Provider({
        baseUrl: required(config.A1111_URL, 'A1111_URL', provider),
        apiAuth: config.A1111_API_AUTH,
        posesDir: config.IMAGE_POSES_DIR,
        presets,
        negativePromptExtra,
        timeoutMs: timing.timeoutMs,
      });
    case 'replicate':
      return createReplicateProvider({
        apiUrl: config.REPLICATE_API_URL,
        apiToken: required(config.REPLICATE_API_TOKEN, 'REPLICATE_API_TOKEN', provider),
        webhookUrl: config.REPLICATE_WEBHOOK_URL,
        preferWaitSeconds: config.REPLICATE_PREFER_WAIT_SECONDS,
        presets,
        negativePromptExtra,
        ...timing,
      });
  }
}
