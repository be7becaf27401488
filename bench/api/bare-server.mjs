// The reference of `pnpm bench:api`: a bare Fastify 5 route on the gallery's path answering a fixed
// JSON body (a real Explore page captured from the product, so the size is the same), serialised
// per request like any route without a schema. Started as its own process by run.ts, twice: with
// Node's defaults (the req/s reference) and with the API's node flags (the memory reference).
// Plain JavaScript, so no TypeScript loader sits in either process's memory.
import fs from 'node:fs';
import Fastify from 'fastify';

const body = JSON.parse(fs.readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/v1/images', async () => body);
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
