import { loadSharp } from '../../lib/sharp.ts';
import { randomStream } from '../../lib/random-stream.ts';
import type { GenerateParams, GeneratedImage, ImageModelProvider } from './index.ts';

/**
 * Draws an abstract composition (gradient sky, soft orbs, a figure-like arch, a frame) as SVG. The
 * picture depends only on the seed and size, so tests and the seed data are repeatable.
 */
export function drawDemoSvg(seed: string, width: number, height: number): string {
  const rnd = randomStream(seed);
  const hue = Math.floor(rnd() * 360);
  const hue2 = (hue + 40 + Math.floor(rnd() * 140)) % 360;
  const min = Math.min(width, height);
  const orbs = Array.from({ length: 7 }, () => {
    const cx = Math.round(rnd() * width);
    const cy = Math.round(rnd() * height);
    const r = Math.round(min * (0.08 + rnd() * 0.3));
    const h = (hue + Math.floor(rnd() * 120) - 60 + 360) % 360;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${h},75%,${45 + Math.floor(rnd() * 30)}%)" fill-opacity="${(0.25 + rnd() * 0.45).toFixed(2)}"/>`;
  }).join('');
  const archX = Math.round(width * (0.3 + rnd() * 0.4));
  const archW = Math.round(width * (0.25 + rnd() * 0.2));
  const archTop = Math.round(height * (0.25 + rnd() * 0.2));
  const head = Math.round(archW * 0.32);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="${rnd() > 0.5 ? 1 : 0}" y2="1">
<stop offset="0" stop-color="hsl(${hue},65%,18%)"/><stop offset="1" stop-color="hsl(${hue2},70%,42%)"/>
</linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.4" r="0.6">
<stop offset="0" stop-color="hsl(${hue2},90%,80%)" stop-opacity="0.55"/><stop offset="1" stop-color="hsl(${hue2},90%,80%)" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${orbs}
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<circle cx="${archX}" cy="${archTop - head}" r="${head}" fill="hsl(${hue},40%,12%)" fill-opacity="0.8"/>
<path d="M ${archX - archW / 2} ${height} Q ${archX - archW / 2} ${archTop} ${archX} ${archTop} Q ${archX + archW / 2} ${archTop} ${archX + archW / 2} ${height} Z" fill="hsl(${hue},40%,12%)" fill-opacity="0.8"/>
<rect x="${Math.round(min * 0.03)}" y="${Math.round(min * 0.03)}" width="${width - Math.round(min * 0.06)}" height="${height - Math.round(min * 0.06)}" fill="none" stroke="hsl(${hue2},80%,85%)" stroke-opacity="0.35" stroke-width="${Math.max(2, Math.round(min * 0.006))}"/>
</svg>`;
}

/** Renders the demo picture for a seed as WebP bytes of exactly width x height. */
export async function drawDemoImage(seed: string, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(drawDemoSvg(seed, width, height)))
    .resize(width, height, { fit: 'fill' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * The built-in provider used when no real model endpoint is configured: it draws a deterministic
 * picture from the request instead of calling a model, at the requested pixel size (twice that with
 * 4k). The UI labels these images as demo output.
 */
export function createDemoProvider(): ImageModelProvider {
  return {
    name: 'demo',
    isDemo: true,
    async generate(params: GenerateParams) {
      const scale = params.upscale4k ? 2 : 1;
      const width = params.width * scale;
      const height = params.height * scale;
      const images: GeneratedImage[] = [];
      for (let i = 0; i < params.count; i += 1) {
        const seed = [params.prompt, params.model, params.style, params.strength.toFixed(1), i].join('|');
        images.push({ data: await drawDemoImage(seed, width, height), width, height });
      }
      return images;
    },
  };
}
