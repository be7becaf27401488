import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// In development the API runs separately; the dev server forwards its paths. In production the API
// serves dist/ itself, on the same origin.
const apiTarget = process.env.VELVET_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  // Every compressible file also as .br and .gz: served precompressed (docs/performance.md).
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no effect outside its value; the bundler cannot know that and keeps
        // every module-level schema of a contracts module the app takes one constant from (HELD_IMAGE_TEXTS
        // from images/get-status.ts, AD_ERRORS from ads/get-ads-config.ts...), and with them zod itself
        // (~24 KB gzip). Calls of zod (`z.object(...)`, and what is chained on them) and of the contracts'
        // field builders (common.ts) whose value is unused are dropped. The web app registers no schema
        // metadata (`.meta()`, `.register()`) that this could lose.
        manualPureFunctions: [
          'z',
          'zText',
          'zNonBlank',
          'zOneOf',
          'zEmail',
          'zQuery',
          'zQueryPage',
          'zCount',
          'zYN',
          'zRunId',
          'zImageId',
        ],
      },
    },
  },
});
