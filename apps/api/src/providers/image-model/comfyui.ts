import { randomUUID } from 'node:crypto';
import { ImageProviderError, shortDetail } from './errors.ts';
import { cancelQuietly, isRecord, malformed, requestBytes, requestJson, sleep, withDeadline } from './http.ts';
import type { GenerateParams, ImageModelProvider } from './index.ts';
import { toGeneratedImages } from './output.ts';
import { composePrompt, seedForRun, type ComfyUiPresets, type ImagePresets } from './presets.ts';

const PROVIDER = 'comfyui';

/** One node of a workflow in ComfyUI's API format; links are [node id, output index]. */
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta: { title: string };
}
export type ComfyWorkflow = Record<string, ComfyNode>;
type Link = [string, number];

/** Node ids of the txt2img graph (numeric strings, like the workflows ComfyUI itself exports). */
export const COMFY_NODE = {
  checkpoint: '1',
  lora: '2',
  positive: '3',
  negative: '4',
  latent: '5',
  sampler: '6',
  decode: '7',
  save: '9',
  poseImage: '10',
  controlNetLoader: '11',
  controlNetApply: '12',
  upscaleLatent: '20',
  upscaleSampler: '21',
  upscaleModelLoader: '22',
  upscaleWithModel: '23',
  upscaleImage: '24',
} as const;

function node(class_type: string, title: string, inputs: Record<string, unknown>): ComfyNode {
  return { class_type, inputs, _meta: { title } };
}

/**
 * The txt2img graph for one run: checkpoint of the model -> (LoRA of the style at the strength) ->
 * prompts (the negative one always carries the mandatory terms, plus `negativeExtra`) -> (ControlNet
 * with the style's pose at the strength) -> empty latent of the ratio's size with batch = count ->
 * KSampler -> (4k pass) -> decode -> SaveImage. Pure, so the mapping is tested.
 */
export function buildComfyUiWorkflow(
  params: GenerateParams,
  presets: ImagePresets,
  comfy: ComfyUiPresets,
  negativeExtra?: readonly string[],
): ComfyWorkflow {
  const N = COMFY_NODE;
  const prompt = composePrompt(params, presets, { emphasis: true, negativeExtra });
  const seed = seedForRun(params.runId);
  const graph: ComfyWorkflow = {};

  graph[N.checkpoint] = node('CheckpointLoaderSimple', 'Checkpoint', { ckpt_name: comfy.checkpoints[params.model] });
  let model: Link = [N.checkpoint, 0];
  let clip: Link = [N.checkpoint, 1];
  const vae: Link = [N.checkpoint, 2];

  if (prompt.style.lora) {
    graph[N.lora] = node('LoraLoader', 'Style LoRA', {
      lora_name: prompt.style.lora,
      strength_model: prompt.weights.lora,
      strength_clip: prompt.weights.lora,
      model,
      clip,
    });
    model = [N.lora, 0];
    clip = [N.lora, 1];
  }

  graph[N.positive] = node('CLIPTextEncode', 'Positive prompt', { text: prompt.positive, clip });
  graph[N.negative] = node('CLIPTextEncode', 'Negative prompt', { text: prompt.negative, clip });
  let positive: Link = [N.positive, 0];
  let negative: Link = [N.negative, 0];

  if (prompt.style.pose && comfy.controlNet) {
    graph[N.poseImage] = node('LoadImage', 'Pose reference', { image: prompt.style.pose });
    graph[N.controlNetLoader] = node('ControlNetLoader', 'ControlNet', { control_net_name: comfy.controlNet });
    graph[N.controlNetApply] = node('ControlNetApplyAdvanced', 'Apply pose', {
      positive,
      negative,
      control_net: [N.controlNetLoader, 0],
      image: [N.poseImage, 0],
      strength: prompt.weights.pose,
      start_percent: 0,
      end_percent: 1,
    });
    positive = [N.controlNetApply, 0];
    negative = [N.controlNetApply, 1];
  }

  graph[N.latent] = node('EmptyLatentImage', 'Size and batch', {
    width: params.width,
    height: params.height,
    batch_size: params.count,
  });
  const sampling = {
    seed,
    steps: comfy.steps,
    cfg: comfy.cfg,
    sampler_name: comfy.sampler,
    scheduler: comfy.scheduler,
    model,
    positive,
    negative,
  };
  graph[N.sampler] = node('KSampler', 'Sampler', { ...sampling, denoise: 1, latent_image: [N.latent, 0] });
  let samples: Link = [N.sampler, 0];

  const upscale = params.upscale4k ? comfy.upscale : null;
  if (upscale?.method === 'latent') {
    // "Hires fix": enlarge the latent 2x and sample again at partial denoise, which adds real detail.
    graph[N.upscaleLatent] = node('LatentUpscaleBy', '4k latent upscale', {
      upscale_method: 'nearest-exact',
      scale_by: 2,
      samples,
    });
    graph[N.upscaleSampler] = node('KSampler', '4k second pass', {
      ...sampling,
      steps: upscale.steps,
      denoise: upscale.denoise,
      latent_image: [N.upscaleLatent, 0],
    });
    samples = [N.upscaleSampler, 0];
  }
  graph[N.decode] = node('VAEDecode', 'Decode', { samples, vae });
  let image: Link = [N.decode, 0];

  if (upscale?.method === 'model') {
    graph[N.upscaleModelLoader] = node('UpscaleModelLoader', '4k upscale model', { model_name: upscale.model });
    graph[N.upscaleWithModel] = node('ImageUpscaleWithModel', '4k upscale', {
      upscale_model: [N.upscaleModelLoader, 0],
      image,
    });
    // Upscale models have a fixed factor (often 4x): land on exactly twice the ratio's size.
    graph[N.upscaleImage] = node('ImageScale', '4k exact size', {
      upscale_method: 'lanczos',
      width: params.width * 2,
      height: params.height * 2,
      crop: 'disabled',
      image: [N.upscaleWithModel, 0],
    });
    image = [N.upscaleImage, 0];
  } else if (upscale?.method === 'pixel') {
    graph[N.upscaleImage] = node('ImageScaleBy', '4k upscale', { upscale_method: 'lanczos', scale_by: 2, image });
    image = [N.upscaleImage, 0];
  }

  graph[N.save] = node('SaveImage', 'Save', { filename_prefix: `velvet/${params.runId}`, images: image });
  return graph;
}

export interface ComfyUiOptions {
  baseUrl: string;
  presets: ImagePresets;
  timeoutMs: number;
  pollIntervalMs: number;
  /** SAFETY_NEGATIVE_PROMPT_EXTRA: added to the mandatory negative prompt (negative-prompt.ts). */
  negativePromptExtra?: readonly string[] | undefined;
}

interface OutputFile {
  filename: string;
  subfolder: string;
  type: string;
}

function outputFiles(entry: Record<string, unknown>): OutputFile[] {
  const outputs = entry.outputs;
  if (!isRecord(outputs)) throw malformed(PROVIDER, 'history entry without outputs');
  const saved = outputs[COMFY_NODE.save];
  const images = isRecord(saved) ? saved.images : undefined;
  if (!Array.isArray(images)) return [];
  return images.map((file) => {
    if (!isRecord(file) || typeof file.filename !== 'string')
      throw malformed(PROVIDER, 'output image without filename');
    return {
      filename: file.filename,
      subfolder: typeof file.subfolder === 'string' ? file.subfolder : '',
      type: typeof file.type === 'string' ? file.type : 'output',
    };
  });
}

/** The execution_error message of a failed prompt, from the status messages of its history entry. */
function executionError(entry: Record<string, unknown>): ImageProviderError | null {
  const status = entry.status;
  if (!isRecord(status) || status.status_str !== 'error') return null;
  const messages = Array.isArray(status.messages) ? status.messages : [];
  let detail = 'execution failed';
  let transient = false;
  for (const message of messages) {
    if (!Array.isArray(message) || !isRecord(message[1])) continue;
    const [kind, data] = message as [unknown, Record<string, unknown>];
    if (kind === 'execution_error') {
      detail = `${String(data.node_type ?? 'node')} failed: ${String(data.exception_type ?? '')} ${String(data.exception_message ?? '')}`;
      // Running out of GPU memory depends on what else the server is doing: worth another try.
      transient = /out of memory|OutOfMemory/i.test(`${String(data.exception_type)} ${String(data.exception_message)}`);
    } else if (kind === 'execution_interrupted') {
      detail = 'execution was interrupted on the server';
      transient = true;
    }
  }
  return new ImageProviderError(PROVIDER, 'generation_failed', shortDetail(detail), { transient });
}

/**
 * ComfyUI (https://github.com/comfyanonymous/ComfyUI): queues the workflow with POST /prompt, polls
 * GET /history/{prompt_id} until it is done, downloads each picture with GET /view, converts to WebP.
 */
export function createComfyUiProvider(options: ComfyUiOptions): ImageModelProvider {
  const comfy = options.presets.comfyui;
  if (!comfy) throw new Error('Invalid image presets: IMAGE_PROVIDER=comfyui needs a "comfyui" section');
  const base = options.baseUrl.replace(/\/+$/, '');
  // Identifies this worker to ComfyUI (its websocket events are addressed by client id).
  const clientId = randomUUID();

  return {
    name: PROVIDER,
    isDemo: false,
    generate(params: GenerateParams, callerSignal?: AbortSignal) {
      return withDeadline(PROVIDER, { timeoutMs: options.timeoutMs, signal: callerSignal }, async (signal) => {
        const queued = await requestJson(PROVIDER, `${base}/prompt`, {
          json: {
            prompt: buildComfyUiWorkflow(params, options.presets, comfy, options.negativePromptExtra),
            client_id: clientId,
          },
          signal,
        });
        if (!isRecord(queued) || typeof queued.prompt_id !== 'string') throw malformed(PROVIDER, 'no prompt_id');
        const promptId = queued.prompt_id;
        try {
          let entry: Record<string, unknown> | null = null;
          while (!entry) {
            const history = await requestJson(PROVIDER, `${base}/history/${encodeURIComponent(promptId)}`, { signal });
            if (!isRecord(history)) throw malformed(PROVIDER, 'history is not an object');
            const found = history[promptId];
            if (isRecord(found)) {
              const failure = executionError(found);
              if (failure) throw failure;
              const status = isRecord(found.status) ? found.status : {};
              if (status.completed === true || status.status_str === 'success') entry = found;
            }
            if (!entry) await sleep(options.pollIntervalMs, signal);
          }
          const files = outputFiles(entry);
          const pictures = await Promise.all(
            files.slice(0, params.count).map((file) => {
              const query = new URLSearchParams({
                filename: file.filename,
                subfolder: file.subfolder,
                type: file.type,
              });
              return requestBytes(PROVIDER, `${base}/view?${query}`, { signal });
            }),
          );
          return await toGeneratedImages(PROVIDER, pictures, params);
        } catch (err) {
          // Gave up (deadline or cancellation): take the prompt out of ComfyUI's queue if it still waits.
          if (signal.aborted) await cancelQuietly(`${base}/queue`, { json: { delete: [promptId] } });
          throw err;
        }
      });
    },
  };
}
