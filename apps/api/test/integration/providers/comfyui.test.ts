import { afterEach, describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { COMFY_NODE, createComfyUiProvider } from '../../../src/providers/image-model/comfyui.ts';
import type { GenerateParams } from '../../../src/providers/image-model/index.ts';
import { MANDATORY_NEGATIVE_TERMS } from '../../../src/providers/image-model/negative-prompt.ts';
import { createImageModelProvider } from '../../../src/providers/image-model/select.ts';
import { expectWebpImages, providerFailure } from '../../support/fakes/assertions.ts';
import { startComfyUiFake, type ComfyUiFake, type ComfyUiFakeMode } from '../../support/fakes/comfyui.ts';
import { closedPortUrl } from '../../support/fakes/http-fake.ts';
import { testImagePresets, writePresetsFile } from '../../support/fakes/presets.ts';
import { testConfig } from '../../support/app.ts';

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

const params: GenerateParams = {
  prompt: 'golden hour on a balcony',
  model: 'Animation',
  style: 'Cowgirl Pussy',
  strength: 0.7,
  count: 2,
  upscale4k: false,
  runId: 'K'.repeat(32),
  ...RATIOS.Landscape,
};

let fake: ComfyUiFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(mode: ComfyUiFakeMode = 'ok', timeoutMs = 20_000) {
  fake = await startComfyUiFake(mode);
  const provider = createComfyUiProvider({
    baseUrl: fake.url,
    presets: testImagePresets(),
    timeoutMs,
    pollIntervalMs: 20,
  });
  return { fake, provider };
}

function nodesOf(graph: Graph, classType: string) {
  return Object.values(graph).filter((n) => n.class_type === classType);
}

describe('ComfyUI adapter (fake ComfyUI server)', () => {
  it('queues the workflow, polls history, downloads each output and returns count WebP pictures', async () => {
    const { fake, provider } = await setUp();
    const images = await provider.generate(params);
    await expectWebpImages(images, 2, 1216, 832);

    const [queue, ...rest] = fake.requests;
    expect([queue!.method, queue!.path]).toEqual(['POST', '/prompt']);
    const body = queue!.json as { prompt: Graph; client_id: string };
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const graph = body.prompt;
    expect(nodesOf(graph, 'CheckpointLoaderSimple')[0]!.inputs.ckpt_name).toBe('velvet-animation-xl.safetensors');
    expect(nodesOf(graph, 'EmptyLatentImage')[0]!.inputs).toEqual({ width: 1216, height: 832, batch_size: 2 });
    // Strength 0.7 on the preset weight ranges: LoRA 0.2..1, emphasis 0.6..1.4, pose 0.3..1.
    expect(nodesOf(graph, 'LoraLoader')[0]!.inputs).toMatchObject({
      lora_name: 'pose-cowgirl.safetensors',
      strength_model: 0.76,
      strength_clip: 0.76,
    });
    expect(nodesOf(graph, 'LoadImage')[0]!.inputs.image).toBe('cowgirl.png');
    expect(nodesOf(graph, 'ControlNetApplyAdvanced')[0]!.inputs.strength).toBe(0.79);
    const texts = nodesOf(graph, 'CLIPTextEncode').map((n) => n.inputs.text as string);
    expect(texts[0]).toMatch(/^golden hour on a balcony, anime style.*\(adult couple, cowgirl position.*:1\.16\)$/);
    expect(texts[1]).toContain('underage');
    expect(nodesOf(graph, 'LatentUpscaleBy')).toHaveLength(0);

    const polls = rest.filter((r) => r.path.startsWith('/history/'));
    const promptId = polls[0]!.path.slice('/history/'.length);
    expect(polls.length).toBe(3); // two answers of {} while running, then the entry
    const views = rest.filter((r) => r.path === '/view');
    expect(views.map((v) => Object.fromEntries(v.query))).toEqual([
      { filename: `${params.runId}_00001_.png`, subfolder: 'velvet', type: 'output' },
      { filename: `${params.runId}_00002_.png`, subfolder: 'velvet', type: 'output' },
    ]);
    expect(fake.deleted).toEqual([]);
    expect(promptId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('encodes the mandatory negative prompt whatever the presets file says, plus SAFETY_NEGATIVE_PROMPT_EXTRA', async () => {
    fake = await startComfyUiFake('ok');
    const negativeOf = (index: number) => {
      const graph = (fake!.requests.filter((r) => r.path === '/prompt')[index]!.json as { prompt: Graph }).prompt;
      return graph[COMFY_NODE.negative]!.inputs.text;
    };
    const emptied = { ...testImagePresets(), negativePrompt: '', models: {} };
    const server = { IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: fake.url, IMAGE_PROVIDER_POLL_INTERVAL_MS: '20' };
    const plain = createImageModelProvider(testConfig({ ...server, IMAGE_PRESETS_FILE: writePresetsFile(emptied) }));
    await plain.generate({ ...params, count: 1 });
    expect(negativeOf(0)).toBe(MANDATORY_NEGATIVE_TERMS.join(', '));

    const contradicting = { ...emptied, negativePrompt: 'ADULT, ((grown-up)), milf, text' };
    const extended = createImageModelProvider(
      testConfig({
        ...server,
        IMAGE_PRESETS_FILE: writePresetsFile(contradicting),
        SAFETY_NEGATIVE_PROMPT_EXTRA: 'sketch,TEEN , jpeg artifacts',
      }),
    );
    await extended.generate({ ...params, count: 1 });
    expect(negativeOf(1)).toBe(`${MANDATORY_NEGATIVE_TERMS.join(', ')}, text, sketch, jpeg artifacts`);
  });

  it('4k adds a latent upscale and second pass: pictures at twice the ratio size', async () => {
    const { fake, provider } = await setUp();
    const images = await provider.generate({ ...params, style: 'Free', count: 1, upscale4k: true, ...RATIOS.Square });
    await expectWebpImages(images, 1, 2048, 2048);
    const graph = (fake.requests[0]!.json as { prompt: Graph }).prompt;
    expect(nodesOf(graph, 'LatentUpscaleBy')[0]!.inputs.scale_by).toBe(2);
    expect(nodesOf(graph, 'KSampler').map((n) => n.inputs.denoise)).toEqual([1, 0.45]);
  });

  it('HTTP 500 from /prompt is a transient error', async () => {
    const { provider } = await setUp('server-error');
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.status, err.transient]).toEqual(['http', 500, true]);
  });

  it('a workflow ComfyUI refuses (400, e.g. unknown checkpoint) is not transient', async () => {
    const { provider } = await setUp('invalid-prompt');
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.status, err.transient]).toEqual(['http', 400, false]);
    expect(err.message).toContain('Prompt outputs failed validation');
  });

  it('an execution error in the history is a failed generation; out of GPU memory is worth a retry', async () => {
    const failed = await providerFailure((await setUp('execution-error')).provider.generate(params));
    expect([failed.code, failed.transient]).toEqual(['generation_failed', false]);
    expect(failed.message).toContain('KSampler failed: RuntimeError mat1 and mat2 shapes cannot be multiplied');
    await fake!.close();

    const oom = await providerFailure((await setUp('out-of-memory')).provider.generate(params));
    expect([oom.code, oom.transient]).toEqual(['generation_failed', true]);
  });

  it('fewer pictures than asked for is an error', async () => {
    const { provider } = await setUp('too-few');
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient, err.message]).toEqual([
      'too_few_images',
      false,
      'comfyui: returned 1 of 2 images',
    ]);
  });

  it('a prompt that never finishes times out (transient) and is taken out of the queue', async () => {
    const { fake, provider } = await setUp('never', 300);
    const started = Date.now();
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient]).toEqual(['timeout', true]);
    expect(Date.now() - started).toBeLessThan(2_000);
    const promptId = fake.requests.find((r) => r.path.startsWith('/history/'))!.path.slice('/history/'.length);
    expect(fake.deleted).toEqual([promptId]);
  });

  it('stops when the caller aborts (transient)', async () => {
    const { provider } = await setUp('never');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await providerFailure(provider.generate(params, controller.signal));
    expect([err.code, err.transient]).toEqual(['aborted', true]);
  });

  it('an unreachable server is a transient network error', async () => {
    const provider = createComfyUiProvider({
      baseUrl: await closedPortUrl(),
      presets: testImagePresets(),
      timeoutMs: 5_000,
      pollIntervalMs: 20,
    });
    const err = await providerFailure(provider.generate(params));
    expect([err.code, err.transient]).toEqual(['network', true]);
    expect(err.message).toContain('ECONNREFUSED');
  });
});
