import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { firstLoadWithoutZod } from './build/first-load-without-zod.ts';

// In development the API runs separately; the dev server forwards its paths. In production the API
// serves dist/ itself, on the same origin.
const apiTarget = process.env.VELVET_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  // Every compressible file also as .br and .gz: served precompressed (docs/performance.md).
  plugins: [react(), precompress(), firstLoadWithoutZod({ enabled: !process.argv.includes('--ssr') })],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  // `vite build --ssr src/app/first-screen.tsx` (the build script's second step): the server's render
  // of Explore's first screen, one self-contained file the API loads (docs/performance.md).
  ssr: { noExternal: true },
  build: {
    outDir: process.argv.includes('--ssr') ? 'dist-server' : 'dist',
    // dist/.vite/manifest.json: the API reads which CSS and chunks Explore's route needs, to link
    // them from the server's first screen (the route's stylesheet loads with its chunk otherwise).
    manifest: !process.argv.includes('--ssr'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'api',
              test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect)[\\/]|[\\/]src[\\/]lib[\\/]api\.ts$/,
            },
          ],
        },
      },
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
