import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseImagePresets, type ImagePresets } from '../../../src/providers/image-model/presets.ts';
import builtIn from '../../../src/providers/image-model/presets.json' with { type: 'json' };

export const REPLICATE_VERSION = 'a'.repeat(64);
export const UPSCALER_VERSION = 'b'.repeat(64);

/**
 * The built-in presets plus what a full deployment configures: a LoRA and a pose reference on
 * Cowgirl Pussy, ControlNet models for ComfyUI and A1111, and a replicate section.
 */
export function testImagePresets(): ImagePresets {
  return parseImagePresets(
    {
      ...builtIn,
      styles: {
        ...builtIn.styles,
        'Cowgirl Pussy': { ...builtIn.styles['Cowgirl Pussy'], lora: 'pose-cowgirl.safetensors', pose: 'cowgirl.png' },
      },
      comfyui: { ...builtIn.comfyui, controlNet: 'openpose-xl.safetensors' },
      a1111: { ...builtIn.a1111, controlNet: 'openpose-xl [a1b2c3d4]' },
      replicate: {
        models: {
          Realistic: { ref: `velvet/realistic-xl:${REPLICATE_VERSION}` },
          Manga: { ref: 'velvet/manga-xl' },
          Animation: { ref: `velvet/animation-xl:${REPLICATE_VERSION}` },
          'Hyper Anime': { ref: `velvet/hyper-anime-xl:${REPLICATE_VERSION}` },
        },
        loras: { 'pose-cowgirl.safetensors': 'https://weights.example/pose-cowgirl.safetensors' },
        upscale: { method: 'prediction', ref: `velvet/upscaler:${UPSCALER_VERSION}` },
      },
    },
    'test presets',
  );
}

/** Writes presets as an operator's IMAGE_PRESETS_FILE and returns its path. */
export function writePresetsFile(presets: ImagePresets): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-presets-')), 'presets.json');
  fs.writeFileSync(file, JSON.stringify(presets));
  return file;
}
