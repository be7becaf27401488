// What the first load of `/` fetches from a built apps/web/dist, and its size: index.html's scripts,
// preloads and stylesheets, then Explore's route chunk and what it imports statically. One
// definition for `pnpm bench:web`, which prints it, and for the browser tests, which hold it to
// issue 11's budget (docs/performance.md, "Web app first load").
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Issue 11: JS + CSS of the first load, gzip, at most this many KB. */
export const FIRST_LOAD_GZIP_BUDGET_KB = 150;

/** Explore's route module, as the build's manifest names it. */
export const EXPLORE_SOURCE = 'src/app/routes/gallery/explore.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FirstLoadAsset {
  file: string;
  why: 'entry' | 'explore';
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(dist: string, file: string, why: FirstLoadAsset['why']): FirstLoadAsset {
  const bytes = fs.readFileSync(path.join(dist, file));
  return {
    file,
    why,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The files the first load of `/` fetches from `dist` (built with its manifest), with their sizes. */
export function firstLoadAssets(dist: string): FirstLoadAsset[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.(?:js|css))"/g)) {
    entryFiles.add(match[1]!);
  }
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${dist} has no .vite/manifest.json: build with --manifest`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const exploreFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!entryFiles.has(file) && !exploreFiles.has(file)) exploreFiles.add(file);
    }
    for (const imported of chunk.imports ?? []) {
      if (!entryFiles.has(manifest[imported]?.file ?? '')) visit(imported);
    }
  };
  const exploreKey = Object.keys(manifest).find((key) => manifest[key]?.src === EXPLORE_SOURCE);
  if (!exploreKey) throw new Error(`the manifest has no chunk for ${EXPLORE_SOURCE}`);
  visit(exploreKey);
  return [
    ...[...entryFiles].map((file) => sizeOf(dist, file, 'entry')),
    ...[...exploreFiles].map((file) => sizeOf(dist, file, 'explore')),
  ];
}
