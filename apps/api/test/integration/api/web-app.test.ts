import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

/** Every route of the spec's route table must reach the SPA. */
const SPA_ROUTES = [
  '/',
  '/home',
  '/gallery',
  '/generate',
  '/collections',
  '/likes',
  '/support',
  '/account',
  '/terms',
  '/subscription',
  '/coin',
  '/login/oauth2/code/google',
  '/payment-success?session_id=cs_test_1',
  '/payment-cancel',
];

describe('web app on the API port', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: dist, SERVE_WEB: 'true' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(SPA_ROUTES)('GET %s serves index.html (history fallback)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps API paths as JSON: unknown ones 404, known ones answer', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v9/unknown' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe('error');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('does not fall back for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/generate' });
    expect(res.statusCode).toBe(404);
  });
});
