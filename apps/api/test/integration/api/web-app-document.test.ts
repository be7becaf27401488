// The document the API serves for the web app's routes: index.html as built, for every route (no
// page data, no preloads: docs/performance.md, "Web app first load"), cacheable but revalidated on
// every use (it names the current hashed assets).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Velvet</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('web app document', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ WEB_DIST_DIR: dist, SERVE_WEB: 'true' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/gallery', '/generate', '/account', '/payment-success?session_id=cs_test_1'])(
    'GET %s: index.html as built, Cache-Control no-cache',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('is the same document for a request that carries a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { authorization: 'Bearer x' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('HEAD / answers like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('');
  });
});
