import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

/** Headers every response carries, whatever answered it (docs/security.md "## Headers"). */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

describe('security headers (plain http deployment, nothing optional configured)', () => {
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

  it.each([
    ['an API route', 'GET', '/api/v1/images', 200],
    ['index.html', 'GET', '/', 200],
    ['an SPA route (history fallback)', 'GET', '/gallery', 200],
    ['a web app file', 'GET', '/assets/index-abc123.js', 200],
    ['an unknown API path', 'GET', '/api/v9/unknown', 404],
    ['a validation error', 'GET', '/api/v1/images?limit=abc', 400],
    ['a protected route without a token', 'GET', '/api/v2/images', 401],
    ['a bad %-encoding', 'GET', '/api/v2/status/%E0%A4%A', 400],
    ['a too long path parameter', 'GET', `/api/v2/status/${'a'.repeat(2000)}`, 400],
  ])('%s', async (_name, method, url, status) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('sends no HSTS over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('allows no third party while ads, cards and Google sign-in are off', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).not.toMatch(/stripe|google|https:/);
  });
});

describe('security headers of an https deployment with ads, cards and Google sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://velvet.example',
      ADS_IFRAME_URL: 'https://frames.ads.example/embed?zone=1',
      ADS_VAST_URL: 'https://vast.ads.example/vast?zone=2',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
    });
  });
  afterAll(() => t.close());

  it('sends HSTS and allows exactly the configured origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/frame-src [^;]*https:\/\/frames\.ads\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/vast\.ads\.example/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com\/gsi\/client/);
    expect(csp).not.toContain('unsafe-inline');
  });
});
