import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODELS, RATIOS, STYLES } from '@velvet/contracts/options';
import builtIn from './presets.json' with { type: 'json' };
import { MANDATORY_NEGATIVE_TERMS } from './negative-prompt.ts';
import { composePrompt, loadImagePresets, parseImagePresets, seedForRun, weightAt } from './presets.ts';

function writeTemp(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-presets-')), 'presets.json');
  fs.writeFileSync(file, text);
  return file;
}

const params = {
  prompt: 'a woman on a velvet sofa',
  model: 'Realistic',
  style: 'Cowgirl Pussy',
  strength: 0.5,
  count: 1,
  upscale4k: false,
  runId: 'r'.repeat(32),
  ...RATIOS.Portrait,
} as const;

describe('image presets', () => {
  it('built in: a checkpoint for every model and a preset for every style, for ComfyUI and A1111', () => {
    const presets = loadImagePresets();
    for (const model of MODELS) {
      expect(presets.comfyui?.checkpoints[model]).toMatch(/\.safetensors$/);
      expect(presets.a1111?.checkpoints[model]).toMatch(/\.safetensors$/);
    }
    expect(Object.keys(presets.styles).sort()).toEqual([...STYLES].sort());
    expect(presets.styles.Free.prompt).toBe('');
    // An adults-only product: every negative prompt steers away from minors.
    expect(presets.negativePrompt).toMatch(/child.*minor.*underage/);
    // Hosted models must be chosen by the operator: no guessed model references.
    expect(presets.replicate).toBeUndefined();
  });

  it('an operator file replaces the built-in presets', () => {
    const file = writeTemp(JSON.stringify({ ...builtIn, negativePrompt: 'custom negative' }));
    expect(loadImagePresets(file).negativePrompt).toBe('custom negative');
  });

  it('names every bad field of an invalid file by its path', () => {
    const { Titjob: _dropped, ...styles } = builtIn.styles;
    const bad = {
      ...builtIn,
      styles: { ...styles, Handjob: { prompt: 'x', lora: 'has:colon' } },
      comfyui: { ...builtIn.comfyui, checkpoints: { Realistic: 'r.safetensors' }, steps: 0 },
      extra: true,
    };
    let message = '';
    try {
      loadImagePresets(writeTemp(JSON.stringify(bad)));
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('Invalid image presets in');
    expect(message).toContain('styles.Titjob');
    expect(message).toContain('styles.Handjob.lora: must not contain <, > or :');
    expect(message).toContain('comfyui.checkpoints.Manga');
    expect(message).toContain('comfyui.steps');
    expect(message).toMatch(/\(root\): .*extra/);
  });

  it('refuses pose names that leave their folder', () => {
    const withPose = (pose: string) =>
      parseImagePresets({ ...builtIn, styles: { ...builtIn.styles, Free: { prompt: '', pose } } }, 'test');
    expect(() => withPose('../etc/passwd')).toThrow(/styles\.Free\.pose/);
    expect(() => withPose('/abs.png')).toThrow(/styles\.Free\.pose/);
    expect(withPose('poses/cowgirl.png').styles.Free.pose).toBe('poses/cowgirl.png');
  });

  it('says what is wrong with an unreadable or non-JSON file', () => {
    expect(() => loadImagePresets('/nonexistent/presets.json')).toThrow(/IMAGE_PRESETS_FILE: cannot read/);
    expect(() => loadImagePresets(writeTemp('{ not json'))).toThrow(/IMAGE_PRESETS_FILE: .* is not valid JSON/);
  });

  it('places strength linearly on a weight range, to two decimals', () => {
    const range = { min: 0.6, max: 1.4 };
    expect([0, 0.1, 0.5, 1].map((s) => weightAt(range, s))).toEqual([0.6, 0.68, 1, 1.4]);
    expect(weightAt(range, 7)).toBe(1.4);
  });

  it('composes the member prompt, the model fragment and the weighted style fragment', () => {
    const presets = loadImagePresets();
    const composed = composePrompt(params, presets, { emphasis: true });
    expect(composed.positive).toBe(
      'a woman on a velvet sofa, photorealistic, adult, detailed skin, natural light, ' +
        '(adult couple, cowgirl position, woman on top, vaginal sex, explicit:1)',
    );
    // The mandatory terms first, then the model's and the presets' terms not already there.
    expect(composed.negative).toBe(
      `${MANDATORY_NEGATIVE_TERMS.join(', ')}, anime, cartoon, drawing, ` +
        'lowres, bad anatomy, bad hands, extra fingers, extra limbs, deformed, blurry, watermark, text, signature',
    );
    const extended = composePrompt(params, presets, { emphasis: true, negativeExtra: ['freckles', 'Child'] });
    expect(extended.negative).toBe(`${composed.negative}, freckles`);
    expect(composed.weights).toEqual({ lora: 0.6, emphasis: 1, pose: 0.65 });

    const strong = composePrompt({ ...params, strength: 1 }, presets, { emphasis: true });
    expect(strong.positive).toMatch(/explicit:1\.4\)$/);
    const plain = composePrompt(params, presets, { emphasis: false });
    expect(plain.positive).toMatch(/, adult couple, cowgirl position, woman on top, vaginal sex, explicit$/);
    expect(composePrompt({ ...params, style: 'Free' }, presets, { emphasis: true }).positive).toBe(
      'a woman on a velvet sofa, photorealistic, adult, detailed skin, natural light',
    );
  });

  it('never lets the member prompt carry A1111 extra-network tags', () => {
    const composed = composePrompt({ ...params, prompt: 'sofa <lora:anything:5>' }, loadImagePresets(), {
      emphasis: true,
    });
    expect(composed.positive).not.toMatch(/[<>]/);
  });

  it('derives one stable 31-bit seed per run', () => {
    const a = seedForRun('a'.repeat(32));
    expect(seedForRun('a'.repeat(32))).toBe(a);
    expect(seedForRun('b'.repeat(32))).not.toBe(a);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(2 ** 31);
  });
});
