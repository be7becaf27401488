import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs separately; the dev server forwards its paths. In production the API
// serves dist/ itself, on the same origin.
const apiTarget = process.env.VELVET_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
