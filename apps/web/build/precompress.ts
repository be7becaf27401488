// A Vite build plugin: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of
// the build (JS, CSS, HTML, SVG, JSON...), so that a server answers `Accept-Encoding: br, gzip` with
// bytes compressed once, at the highest levels, instead of compressing per request or not at all.
// node:zlib only; the work runs on libuv's thread pool.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PrecompressOptions {
  /** Files smaller than this stay as they are (a compressed copy would not pay for itself). */
  thresholdBytes?: number;
  /** Which files get compressed copies. */
  include?: RegExp;
}

const DEFAULT_INCLUDE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses the matching files of `dir` in place (file.br, file.gz); answers the files compressed. */
export async function precompressDir(dir: string, options: PrecompressOptions = {}): Promise<string[]> {
  const threshold = options.thresholdBytes ?? 1024;
  const include = options.include ?? DEFAULT_INCLUDE;
  const files = (await filesUnder(dir)).filter((file) => include.test(file));
  const done: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(file);
      if (bytes.length < threshold) return;
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that is not smaller is useless: the server falls back to the file itself.
      if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
      if (gzipped.length < bytes.length) await fs.writeFile(`${file}.gz`, gzipped);
      done.push(path.relative(dir, file));
    }),
  );
  return done.sort();
}

export function precompress(options: PrecompressOptions = {}): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  let ssr = false;
  return {
    name: 'velvet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
      ssr = Boolean(config.build.ssr);
    },
    // After every file (the bundle, index.html and public/) is written. The server's first-screen
    // bundle (dist-server/) is read from disk by the API, never sent: nothing to compress.
    async closeBundle() {
      if (ssr) return;
      const files = await precompressDir(outDir, options);
      logger?.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
