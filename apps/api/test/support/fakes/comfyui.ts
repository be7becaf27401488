// A stand-in for a ComfyUI server, speaking its HTTP API: POST /prompt validates and queues a workflow
// in API format ({ prompt, client_id } -> { prompt_id, number, node_errors }, 400 with node_errors when
// a link is broken), GET /history/{prompt_id} answers {} until the prompt has run and then its entry
// (outputs per node, status with messages), GET /view serves the saved files, POST /queue takes
// { delete: [ids] }. "Running" a workflow computes the picture size the graph would produce (latent
// size, latent/pixel upscales, upscale models as 4x) and saves that many real PNGs.
import { randomUUID } from 'node:crypto';
import { makePng, sendBytes, sendJson, startFakeServer, type FakeServer } from './http-fake.ts';

export type ComfyUiFakeMode =
  /** Runs the workflow after `pendingPolls` history polls. */
  | 'ok'
  /** The prompt never finishes: history stays {}. */
  | 'never'
  /** The prompt fails in KSampler (an execution_error in its history status). */
  | 'execution-error'
  /** The prompt runs out of GPU memory. */
  | 'out-of-memory'
  /** POST /prompt answers HTTP 500. */
  | 'server-error'
  /** POST /prompt answers 400 prompt_outputs_failed_validation (e.g. an unknown checkpoint). */
  | 'invalid-prompt'
  /** Saves one picture less than the batch. */
  | 'too-few';

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;
type Link = [string, number];

interface Size {
  width: number;
  height: number;
  batch: number;
}

function isLink(value: unknown): value is Link {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number';
}

function linkOf(graph: Workflow, id: string, input: string): Link {
  const value = graph[id]?.inputs[input];
  if (!isLink(value)) throw new Error(`node ${id} has no link ${input}`);
  return value;
}

function latentSize(graph: Workflow, [id]: Link): Size {
  const node = graph[id]!;
  const n = node.inputs;
  switch (node.class_type) {
    case 'EmptyLatentImage':
      return { width: Number(n.width), height: Number(n.height), batch: Number(n.batch_size) };
    case 'KSampler':
      return latentSize(graph, linkOf(graph, id, 'latent_image'));
    case 'LatentUpscaleBy': {
      const s = latentSize(graph, linkOf(graph, id, 'samples'));
      return { ...s, width: s.width * Number(n.scale_by), height: s.height * Number(n.scale_by) };
    }
    default:
      throw new Error(`fake cannot size latent of ${node.class_type}`);
  }
}

function imageSize(graph: Workflow, [id]: Link): Size {
  const node = graph[id]!;
  const n = node.inputs;
  switch (node.class_type) {
    case 'VAEDecode':
      return latentSize(graph, linkOf(graph, id, 'samples'));
    case 'ImageScaleBy': {
      const s = imageSize(graph, linkOf(graph, id, 'image'));
      return { ...s, width: s.width * Number(n.scale_by), height: s.height * Number(n.scale_by) };
    }
    case 'ImageScale':
      return { ...imageSize(graph, linkOf(graph, id, 'image')), width: Number(n.width), height: Number(n.height) };
    case 'ImageUpscaleWithModel': {
      const s = imageSize(graph, linkOf(graph, id, 'image'));
      return { ...s, width: s.width * 4, height: s.height * 4 };
    }
    default:
      throw new Error(`fake cannot size image of ${node.class_type}`);
  }
}

/** Links that point at missing nodes, reported the way ComfyUI's validation does. */
function brokenLinks(graph: Workflow): string[] {
  const broken: string[] = [];
  for (const [id, node] of Object.entries(graph)) {
    for (const [name, value] of Object.entries(node.inputs)) {
      if (isLink(value) && !graph[value[0]]) broken.push(`${id}.${name}`);
    }
  }
  return broken;
}

interface QueuedPrompt {
  graph: Workflow;
  polls: number;
  entry?: Record<string, unknown>;
}

export interface ComfyUiFake extends FakeServer {
  mode: ComfyUiFakeMode;
  /** History polls answered {} before the prompt has run. */
  pendingPolls: number;
  /** Prompts removed through POST /queue { delete }. */
  deleted: string[];
}

export async function startComfyUiFake(mode: ComfyUiFakeMode = 'ok'): Promise<ComfyUiFake> {
  const prompts = new Map<string, QueuedPrompt>();
  const files = new Map<string, Buffer>();
  let counter = 0;

  async function run(id: string, prompt: QueuedPrompt): Promise<Record<string, unknown>> {
    const started = ['execution_start', { prompt_id: id, timestamp: Date.now() }];
    if (fake.mode === 'execution-error' || fake.mode === 'out-of-memory') {
      const oom = fake.mode === 'out-of-memory';
      return {
        prompt: [counter, id, prompt.graph, {}, []],
        outputs: {},
        status: {
          status_str: 'error',
          completed: false,
          messages: [
            started,
            [
              'execution_error',
              {
                prompt_id: id,
                node_id: '6',
                node_type: 'KSampler',
                executed: ['1', '3', '4', '5'],
                exception_type: oom ? 'torch.OutOfMemoryError' : 'RuntimeError',
                exception_message: oom
                  ? 'CUDA out of memory. Tried to allocate 2.00 GiB'
                  : 'mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)',
                traceback: ['  File "execution.py", line 1'],
              },
            ],
          ],
        },
        meta: {},
      };
    }
    const outputs: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }> = {};
    for (const [nodeId, node] of Object.entries(prompt.graph)) {
      if (node.class_type !== 'SaveImage') continue;
      const size = imageSize(prompt.graph, linkOf(prompt.graph, nodeId, 'images'));
      const prefix = String(node.inputs.filename_prefix);
      const slash = prefix.lastIndexOf('/');
      const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
      const name = slash >= 0 ? prefix.slice(slash + 1) : prefix;
      const count = fake.mode === 'too-few' ? size.batch - 1 : size.batch;
      const images = [];
      for (let i = 0; i < count; i += 1) {
        const filename = `${name}_${String(i + 1).padStart(5, '0')}_.png`;
        files.set(`output/${subfolder}/${filename}`, await makePng(size.width, size.height, i));
        images.push({ filename, subfolder, type: 'output' });
      }
      outputs[nodeId] = { images };
    }
    return {
      prompt: [counter, id, prompt.graph, {}, Object.keys(outputs)],
      outputs,
      status: {
        status_str: 'success',
        completed: true,
        messages: [started, ['execution_success', { prompt_id: id, timestamp: Date.now() }]],
      },
      meta: {},
    };
  }

  const server = await startFakeServer(async (req, res) => {
    if (req.method === 'POST' && req.path === '/prompt') {
      const body = req.json as { prompt?: Workflow; client_id?: string } | undefined;
      if (fake.mode === 'server-error') return sendJson(res, 500, { error: 'Internal Server Error' });
      const graph = body?.prompt;
      if (!graph || typeof graph !== 'object') {
        return sendJson(res, 400, { error: { type: 'no_prompt', message: 'No prompt provided' }, node_errors: {} });
      }
      const broken = brokenLinks(graph);
      if (fake.mode === 'invalid-prompt' || broken.length > 0) {
        return sendJson(res, 400, {
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: broken.join(', '),
            extra_info: {},
          },
          node_errors: {
            '1': {
              errors: [
                { type: 'value_not_in_list', message: 'Value not in list', details: "ckpt_name: 'x' not in []" },
              ],
              dependent_outputs: ['9'],
              class_type: 'CheckpointLoaderSimple',
            },
          },
        });
      }
      const id = randomUUID();
      counter += 1;
      prompts.set(id, { graph, polls: 0 });
      return sendJson(res, 200, { prompt_id: id, number: counter, node_errors: {} });
    }
    const history = /^\/history\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && history) {
      const id = decodeURIComponent(history[1]!);
      const prompt = prompts.get(id);
      if (!prompt) return sendJson(res, 200, {});
      prompt.polls += 1;
      if (fake.mode === 'never' || prompt.polls <= fake.pendingPolls) return sendJson(res, 200, {});
      prompt.entry ??= await run(id, prompt);
      return sendJson(res, 200, { [id]: prompt.entry });
    }
    if (req.method === 'GET' && req.path === '/view') {
      const key = `${req.query.get('type')}/${req.query.get('subfolder')}/${req.query.get('filename')}`;
      const file = files.get(key);
      return file ? sendBytes(res, 200, file, 'image/png') : sendJson(res, 404, { error: 'not found' });
    }
    if (req.method === 'POST' && req.path === '/queue') {
      const body = req.json as { delete?: string[] } | undefined;
      for (const id of body?.delete ?? []) {
        fake.deleted.push(id);
        prompts.delete(id);
      }
      return sendJson(res, 200, {});
    }
    return sendJson(res, 404, { error: 'not found' });
  });

  const fake: ComfyUiFake = { ...server, mode, pendingPolls: 2, deleted: [] };
  return fake;
}
