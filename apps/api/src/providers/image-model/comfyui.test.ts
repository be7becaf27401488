import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { buildComfyUiWorkflow, COMFY_NODE as N, type ComfyWorkflow } from './comfyui.ts';
import type { GenerateParams } from './index.ts';
import { MANDATORY_NEGATIVE_TERMS } from './negative-prompt.ts';
import { loadImagePresets, seedForRun, type ComfyUiPresets, type ImagePresets } from './presets.ts';

const builtIn = loadImagePresets();
const presets: ImagePresets = {
  ...builtIn,
  styles: {
    ...builtIn.styles,
    'Cowgirl Pussy': { ...builtIn.styles['Cowgirl Pussy'], lora: 'pose-cowgirl.safetensors', pose: 'cowgirl.png' },
  },
};
const comfy: ComfyUiPresets = { ...builtIn.comfyui!, controlNet: 'openpose-xl.safetensors' };

const params: GenerateParams = {
  prompt: 'on a velvet sofa',
  model: 'Manga',
  style: 'Free',
  strength: 0.5,
  count: 3,
  upscale4k: false,
  runId: 'c'.repeat(32),
  ...RATIOS.Landscape,
};

/** Every [node, output] link points at a node of the graph, and every node feeds something or saves. */
function expectConnected(graph: ComfyWorkflow) {
  const used = new Set<string>([N.save]);
  for (const node of Object.values(graph)) {
    for (const value of Object.values(node.inputs)) {
      if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number') {
        expect(graph[value[0]], `link to missing node ${value[0]}`).toBeDefined();
        used.add(value[0]);
      }
    }
  }
  expect(Object.keys(graph).filter((id) => !used.has(id))).toEqual([]);
}

describe('ComfyUI workflow', () => {
  it('maps model, ratio size, count, sampler settings and prompts onto a txt2img graph', () => {
    const graph = buildComfyUiWorkflow(params, presets, comfy);
    expectConnected(graph);
    expect(graph[N.checkpoint]).toMatchObject({
      class_type: 'CheckpointLoaderSimple',
      inputs: { ckpt_name: 'velvet-manga-xl.safetensors' },
    });
    expect(graph[N.latent]).toMatchObject({
      class_type: 'EmptyLatentImage',
      inputs: { width: 1216, height: 832, batch_size: 3 },
    });
    expect(graph[N.sampler]).toMatchObject({
      class_type: 'KSampler',
      inputs: {
        seed: seedForRun(params.runId),
        steps: 28,
        cfg: 6,
        sampler_name: 'dpmpp_2m',
        scheduler: 'karras',
        denoise: 1,
        model: [N.checkpoint, 0],
        positive: [N.positive, 0],
        negative: [N.negative, 0],
      },
    });
    expect(graph[N.positive]!.inputs.text).toBe('on a velvet sofa, manga style, adult, ink lines, screentone');
    expect(graph[N.negative]!.inputs.text).toBe(
      `${MANDATORY_NEGATIVE_TERMS.join(', ')}, photo, 3d render, ` +
        'lowres, bad anatomy, bad hands, extra fingers, extra limbs, deformed, blurry, watermark, text, signature',
    );
    expect(graph[N.save]).toMatchObject({
      class_type: 'SaveImage',
      inputs: { filename_prefix: `velvet/${params.runId}`, images: [N.decode, 0] },
    });
    // Free has no LoRA or pose, and no 4k was asked for.
    expect(Object.keys(graph).sort()).toEqual(
      [N.checkpoint, N.positive, N.negative, N.latent, N.sampler, N.decode, N.save].sort(),
    );
  });

  it('loads the style LoRA at the strength weight and feeds model and clip through it', () => {
    const graph = buildComfyUiWorkflow({ ...params, style: 'Cowgirl Pussy', strength: 0.8 }, presets, comfy);
    expectConnected(graph);
    expect(graph[N.lora]).toMatchObject({
      class_type: 'LoraLoader',
      inputs: { lora_name: 'pose-cowgirl.safetensors', strength_model: 0.84, strength_clip: 0.84 },
    });
    expect(graph[N.positive]!.inputs.clip).toEqual([N.lora, 1]);
    expect(graph[N.sampler]!.inputs.model).toEqual([N.lora, 0]);
    expect(graph[N.positive]!.inputs.text).toMatch(/\(adult couple, cowgirl position.*explicit:1\.24\)$/);
  });

  it('applies the pose reference through ControlNet at the strength weight, only when a ControlNet is set', () => {
    const graph = buildComfyUiWorkflow({ ...params, style: 'Cowgirl Pussy', strength: 0 }, presets, comfy);
    expectConnected(graph);
    expect(graph[N.poseImage]).toMatchObject({ class_type: 'LoadImage', inputs: { image: 'cowgirl.png' } });
    expect(graph[N.controlNetLoader]!.inputs.control_net_name).toBe('openpose-xl.safetensors');
    expect(graph[N.controlNetApply]).toMatchObject({
      class_type: 'ControlNetApplyAdvanced',
      inputs: { strength: 0.3, positive: [N.positive, 0], negative: [N.negative, 0], image: [N.poseImage, 0] },
    });
    expect(graph[N.sampler]!.inputs.positive).toEqual([N.controlNetApply, 0]);
    expect(graph[N.sampler]!.inputs.negative).toEqual([N.controlNetApply, 1]);

    const without = buildComfyUiWorkflow({ ...params, style: 'Cowgirl Pussy' }, presets, builtIn.comfyui!);
    expect(without[N.poseImage]).toBeUndefined();
    expect(without[N.controlNetApply]).toBeUndefined();
  });

  it('always encodes the mandatory negative prompt, whatever the presets say, plus the configured extra terms', () => {
    const emptied: ImagePresets = {
      ...presets,
      negativePrompt: '',
      models: {},
      styles: { ...presets.styles, Free: { prompt: '', negative: '' } },
    };
    const empty = buildComfyUiWorkflow(params, emptied, comfy);
    expect(empty[N.negative]!.inputs.text).toBe(MANDATORY_NEGATIVE_TERMS.join(', '));

    const contradicting: ImagePresets = {
      ...emptied,
      negativePrompt: 'ADULT, ((grown-up)), milf, blurry',
      styles: { ...presets.styles, Free: { prompt: '', negative: 'adult body, text' } },
    };
    const graph = buildComfyUiWorkflow(params, contradicting, comfy, ['jpeg artifacts', 'TEEN']);
    expect(graph[N.negative]!.inputs.text).toBe(`${MANDATORY_NEGATIVE_TERMS.join(', ')}, text, blurry, jpeg artifacts`);
    // The ControlNet and the sampler still take the negative conditioning from that node.
    expect(graph[N.sampler]!.inputs.negative).toEqual([N.negative, 0]);
  });

  it('4k, latent: a 2x latent upscale and a second sampler pass at partial denoise', () => {
    const graph = buildComfyUiWorkflow({ ...params, upscale4k: true }, presets, comfy);
    expectConnected(graph);
    expect(graph[N.upscaleLatent]).toMatchObject({
      class_type: 'LatentUpscaleBy',
      inputs: { scale_by: 2, samples: [N.sampler, 0] },
    });
    expect(graph[N.upscaleSampler]).toMatchObject({
      class_type: 'KSampler',
      inputs: { steps: 14, denoise: 0.45, latent_image: [N.upscaleLatent, 0], seed: seedForRun(params.runId) },
    });
    expect(graph[N.decode]!.inputs.samples).toEqual([N.upscaleSampler, 0]);
  });

  it('4k, model: the configured upscale model, then exactly twice the ratio size', () => {
    const graph = buildComfyUiWorkflow({ ...params, upscale4k: true }, presets, {
      ...comfy,
      upscale: { method: 'model', model: '4x-UltraSharp.pth' },
    });
    expectConnected(graph);
    expect(graph[N.upscaleModelLoader]!.inputs.model_name).toBe('4x-UltraSharp.pth');
    expect(graph[N.upscaleWithModel]!.inputs.image).toEqual([N.decode, 0]);
    expect(graph[N.upscaleImage]).toMatchObject({
      class_type: 'ImageScale',
      inputs: { width: 2432, height: 1664, image: [N.upscaleWithModel, 0] },
    });
    expect(graph[N.save]!.inputs.images).toEqual([N.upscaleImage, 0]);
  });

  it('4k, pixel: a 2x image scale after decoding', () => {
    const graph = buildComfyUiWorkflow({ ...params, upscale4k: true }, presets, {
      ...comfy,
      upscale: { method: 'pixel' },
    });
    expectConnected(graph);
    expect(graph[N.upscaleImage]).toMatchObject({ class_type: 'ImageScaleBy', inputs: { scale_by: 2 } });
    expect(graph[N.save]!.inputs.images).toEqual([N.upscaleImage, 0]);
  });
});
