// A Vite build plugin that fails the build when zod is on the first load: in the entry chunk or in a
// chunk the entry imports statically. zod is ~24 KB gzip of the 150 KB budget (issue 11), and it came
// back once unnoticed through one import of a contracts module (docs/performance.md, "No zod on the
// first load"). The error names the modules that import zod and who imports them.
import type { Plugin } from 'vite';

const ZOD_MODULE = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?zod[\\/]/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** The file names of the entry chunks and of every chunk they import statically. */
export function firstLoadChunks(bundle: Record<string, { type: string }>): ChunkLike[] {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const imported of byName.get(name)?.imports ?? []) queue.push(imported);
  }
  return [...seen].flatMap((name) => byName.get(name) ?? []);
}

export function firstLoadWithoutZod(options: { enabled: boolean }): Plugin {
  return {
    name: 'velvet:first-load-without-zod',
    apply: 'build',
    generateBundle(_output, bundle) {
      if (!options.enabled) return;
      const firstLoad = firstLoadChunks(bundle);
      const zodModules = firstLoad.flatMap((chunk) => chunk.moduleIds.filter((id) => ZOD_MODULE.test(id)));
      if (zodModules.length === 0) return;
      const root = process.cwd();
      const short = (id: string) => id.replace(root, '.').replace(/^.*[\\/]packages[\\/]/, 'packages/');
      // The modules of the first load that import zod, and who imports them.
      const through = new Set<string>();
      for (const id of firstLoad.flatMap((chunk) => chunk.moduleIds)) {
        if (ZOD_MODULE.test(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info?.importedIds.some((imported) => ZOD_MODULE.test(imported))) continue;
        const by = info.importers.map(short).join(', ');
        through.add(`${short(id)}${by ? ` (imported by ${by})` : ''}`);
      }
      this.error(
        `zod is on the first load (${firstLoad
          .filter((chunk) => chunk.moduleIds.some((id) => ZOD_MODULE.test(id)))
          .map((chunk) => chunk.fileName)
          .join(', ')}), through: ${[...through].join('; ')}. ` +
          'Import what the first paint needs from a zod-free contracts module (docs/performance.md, "No zod on the first load").',
      );
    },
  };
}
