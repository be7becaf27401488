import { ImageProviderError, shortDetail } from './errors.ts';
import { cancelQuietly, isRecord, malformed, requestBytes, requestJson, sleep, withDeadline } from './http.ts';
import type { GenerateParams, ImageModelProvider } from './index.ts';
import { toGeneratedImages } from './output.ts';
import { withMandatoryNegative } from './negative-prompt.ts';
import { composePrompt, seedForRun, type ImagePresets, type ReplicatePresets } from './presets.ts';

const PROVIDER = 'replicate';

/** A prediction to create: the API path and its JSON body. */
export interface ReplicateCall {
  path: string;
  body: {
    version?: string;
    input: Record<string, unknown>;
    webhook?: string;
    webhook_events_filter?: string[];
  };
}

/**
 * Where a model reference is run: `owner/name:version` and bare version ids through POST
 * /v1/predictions with `version`; a bare `owner/name` (an official model, always its latest version)
 * through POST /v1/models/{owner}/{name}/predictions.
 */
export function replicateCall(ref: string, input: Record<string, unknown>, webhook?: string): ReplicateCall {
  const hooks = webhook ? { webhook, webhook_events_filter: ['completed'] } : {};
  const [model, version] = ref.includes(':') ? ref.split(':') : ref.includes('/') ? [ref, undefined] : [undefined, ref];
  if (version) return { path: '/v1/predictions', body: { version, input, ...hooks } };
  return { path: `/v1/models/${model}/predictions`, body: { input, ...hooks } };
}

/**
 * One run as a Replicate prediction, using the input names of the common SDXL-style models: the
 * model's reference and extra inputs from the presets, the prompt pair (style fragment as plain text:
 * hosted models do not parse `(text:weight)`), the ratio's size, num_outputs = count, the style's LoRA
 * weights URL with lora_scale = the strength weight, and the upscale flag when 4k is an input flag.
 * The negative prompt always carries the mandatory terms, plus `negativeExtra`; a model's own
 * `negative_prompt` input in the presets extends it and cannot replace it. Pure, so the mapping is tested.
 */
export function buildReplicatePrediction(
  params: GenerateParams,
  presets: ImagePresets,
  replicate: ReplicatePresets,
  webhook?: string,
  negativeExtra?: readonly string[],
): ReplicateCall {
  const prompt = composePrompt(params, presets, { emphasis: false, negativeExtra });
  const model = replicate.models[params.model];
  const loraUrl = prompt.style.lora ? replicate.loras[prompt.style.lora] : undefined;
  const input: Record<string, unknown> = {
    prompt: prompt.positive,
    negative_prompt: prompt.negative,
    width: params.width,
    height: params.height,
    num_outputs: params.count,
    num_inference_steps: replicate.steps,
    guidance_scale: replicate.guidance,
    seed: seedForRun(params.runId),
    ...(loraUrl ? { lora_weights: loraUrl, lora_scale: prompt.weights.lora } : {}),
    ...(params.upscale4k && replicate.upscale.method === 'input'
      ? { [replicate.upscale.name]: replicate.upscale.value }
      : {}),
    // Last, so an operator can adapt any input to a model that names or scales it differently.
    ...model.input,
  };
  // ...except the mandatory negative prompt: the model's own negative_prompt only adds to it.
  const ownNegative = model.input.negative_prompt;
  input.negative_prompt = withMandatoryNegative([
    prompt.negative,
    typeof ownNegative === 'string' ? ownNegative : undefined,
  ]);
  return replicateCall(model.ref, input, webhook);
}

/** The 4k pass as its own prediction on the configured upscaler, one per picture. */
export function buildReplicateUpscale(imageUrl: string, replicate: ReplicatePresets, webhook?: string): ReplicateCall {
  const upscale = replicate.upscale;
  if (upscale.method !== 'prediction') throw new Error('The upscale of these presets is an input flag');
  return replicateCall(
    upscale.ref,
    { ...upscale.input, [upscale.imageInput]: imageUrl, [upscale.scaleInput]: 2 },
    webhook,
  );
}

export interface ReplicateOptions {
  /** https://api.replicate.com unless a test points it elsewhere. */
  apiUrl: string;
  apiToken: string;
  presets: ImagePresets;
  timeoutMs: number;
  pollIntervalMs: number;
  /** Passed through as the prediction's webhook (completed events); Velvet still polls. */
  webhookUrl?: string | undefined;
  /** Sends `Prefer: wait=N`: the create call holds up to N seconds for the result. */
  preferWaitSeconds?: number | undefined;
  /** SAFETY_NEGATIVE_PROMPT_EXTRA: added to the mandatory negative prompt (negative-prompt.ts). */
  negativePromptExtra?: readonly string[] | undefined;
}

interface Prediction {
  status: string;
  getUrl: string;
  cancelUrl: string | undefined;
  output: unknown;
  error: unknown;
}

const FINISHED = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

/**
 * Replicate's hosted HTTP API: creates a prediction, polls its `urls.get` until it has finished,
 * downloads the outputs and converts them to WebP. For 4k with an upscaler model, each picture goes
 * through a second prediction. On timeout or cancellation the running predictions are cancelled.
 */
export function createReplicateProvider(options: ReplicateOptions): ImageModelProvider {
  const replicate = options.presets.replicate;
  if (!replicate) {
    throw new Error(
      'Invalid image presets: IMAGE_PROVIDER=replicate needs a "replicate" section in IMAGE_PRESETS_FILE',
    );
  }
  const api = new URL(options.apiUrl);
  const base = options.apiUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${options.apiToken}` };

  /** The token goes only to the API itself; outputs are often on a CDN that must not see it. */
  function sameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === api.origin;
    } catch {
      return false;
    }
  }

  function readPrediction(value: unknown): Prediction {
    if (!isRecord(value) || typeof value.status !== 'string' || !isRecord(value.urls)) {
      throw malformed(PROVIDER, 'not a prediction');
    }
    const getUrl = value.urls.get;
    if (typeof getUrl !== 'string' || !sameOrigin(getUrl))
      throw malformed(PROVIDER, 'prediction without an API urls.get');
    const cancelUrl =
      typeof value.urls.cancel === 'string' && sameOrigin(value.urls.cancel) ? value.urls.cancel : undefined;
    return { status: value.status, getUrl, cancelUrl, output: value.output, error: value.error };
  }

  /** Runs one prediction to its end and returns its output URLs. */
  async function run(call: ReplicateCall, signal: AbortSignal, running: Set<string>): Promise<string[]> {
    const headers: Record<string, string> = { ...auth };
    if (options.preferWaitSeconds) headers.prefer = `wait=${options.preferWaitSeconds}`;
    let prediction = readPrediction(
      await requestJson(PROVIDER, `${base}${call.path}`, { json: call.body, headers, signal }),
    );
    if (prediction.cancelUrl) running.add(prediction.cancelUrl);
    while (!FINISHED.has(prediction.status)) {
      await sleep(options.pollIntervalMs, signal);
      prediction = readPrediction(await requestJson(PROVIDER, prediction.getUrl, { headers: auth, signal }));
    }
    if (prediction.cancelUrl) running.delete(prediction.cancelUrl);
    if (prediction.status !== 'succeeded') {
      const detail = typeof prediction.error === 'string' ? prediction.error : '';
      // A prediction cancelled by someone else (or the platform) may well run next time; a model
      // error (bad input, content checker) will not, unless it ran out of GPU memory.
      const transient = prediction.status !== 'failed' || /out of memory/i.test(detail);
      throw new ImageProviderError(
        PROVIDER,
        'generation_failed',
        `prediction ${prediction.status}${detail ? `: ${shortDetail(detail)}` : ''}`,
        { transient },
      );
    }
    const output = typeof prediction.output === 'string' ? [prediction.output] : prediction.output;
    if (!Array.isArray(output) || !output.every((o): o is string => typeof o === 'string')) {
      throw malformed(PROVIDER, 'output is not a list of file URLs');
    }
    return output;
  }

  async function download(url: string, signal: AbortSignal): Promise<Buffer> {
    // With `Prefer: wait`, outputs may come back inline as data URLs.
    const inline = /^data:[^,]*;base64,(.*)$/s.exec(url);
    if (inline) return Buffer.from(inline[1]!, 'base64');
    if (!url.startsWith('https://') && !sameOrigin(url)) throw malformed(PROVIDER, 'output URL is not https');
    return requestBytes(PROVIDER, url, { headers: sameOrigin(url) ? auth : {}, signal });
  }

  return {
    name: PROVIDER,
    isDemo: false,
    generate(params: GenerateParams, callerSignal?: AbortSignal) {
      return withDeadline(PROVIDER, { timeoutMs: options.timeoutMs, signal: callerSignal }, async (signal) => {
        const running = new Set<string>();
        try {
          let urls = await run(
            buildReplicatePrediction(
              params,
              options.presets,
              replicate,
              options.webhookUrl,
              options.negativePromptExtra,
            ),
            signal,
            running,
          );
          urls = urls.slice(0, params.count);
          if (params.upscale4k && replicate.upscale.method === 'prediction') {
            urls = await Promise.all(
              urls.map(async (url) => {
                const [upscaled] = await run(
                  buildReplicateUpscale(url, replicate, options.webhookUrl),
                  signal,
                  running,
                );
                if (!upscaled) throw malformed(PROVIDER, 'upscaler returned no output');
                return upscaled;
              }),
            );
          }
          const pictures = await Promise.all(urls.map((url) => download(url, signal)));
          return await toGeneratedImages(PROVIDER, pictures, params);
        } catch (err) {
          if (signal.aborted) await Promise.all([...running].map((url) => cancelQuietly(url, { headers: auth })));
          throw err;
        }
      });
    },
  };
}
