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
  },
});
