// Explore's document with the server-rendered first screen (plugins/app/first-screen.ts): only for a
// visitor whose first-screen cookie says they passed the adult gate, only on Explore's paths, with the
// page the API itself answers guests inlined for the app; anything wrong falls back to the plain
// index.html. The render itself is the web build's (apps/web/src/app/first-screen.tsx, checked in a
// browser by e2e/tests/first-screen.test.ts); here a stand-in module with the same exports shows what
// the API does with it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PAGE_SCRIPT_ID, FIRST_SCREEN_COOKIE } from '@velvet/contracts/first-screen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateGalleryCache } from '../../../src/services/galleries/gallery-cache.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="UTF-8"><title>Velvet</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/api-7.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div></body></html>';

// The stand-in render: what it was asked for, visibly; it throws for the URL /home?fail.
const MODULE = `
export const FIRST_SCREEN_ROUTE_SOURCE = 'src/explore.tsx';
export function firstScreenPageRequest() {
  return { path: '/api/v1/images', query: { page: '1', limit: '30', sort_by: 'Latest' } };
}
export function renderFirstScreen({ url, hints, page }) {
  if (url.includes('fail')) throw new Error('render failed');
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  return '<title>Explore · Velvet</title><main data-url="' + url + '" data-layout="' + hints.layout + '"' +
    (hints.columns === undefined ? '' : ' data-columns="' + hints.columns + '"') + '>' +
    page.list.length + ' pictures<i style="gap:16px"></i><i style="aspect-ratio:2 / 3;font-family:&quot;A&quot;"></i></main>';
}
`;

// The web build's manifest: Explore's route chunk, its CSS and a shared chunk the entry already loads.
const MANIFEST = {
  'src/main.tsx': { file: 'assets/index-abc123.js', css: ['assets/index-1.css'], imports: ['_api.js'] },
  '_api.js': { file: 'assets/api-7.js' },
  'src/explore.tsx': {
    file: 'assets/explore-9.js',
    css: ['assets/explore-9.css'],
    imports: ['_gallery.js', 'src/main.tsx'],
  },
  '_gallery.js': { file: 'assets/gallery-5.js', css: ['assets/gallery-5.css'] },
};

const cookie = (value: string) => ({ cookie: `other=1; ${FIRST_SCREEN_COOKIE}=${value}` });
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe('Explore document with the first screen', () => {
  let t: TestApp;
  let root: string;
  let guestPage: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-web-'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(root, 'dist-server', 'first-screen.js'), MODULE);
    fs.mkdirSync(path.join(root, 'dist', '.vite'));
    fs.writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist'), SERVE_WEB: 'true' });
    const owner = await createMember(t.services.db);
    await createCompleteImages(t.services, owner.id, 2, {
      open: true,
      prompt: "a </script><script>alert(1)</script> $& $' dune",
    });
    guestPage = (await t.app.inject({ method: 'GET', url: '/api/v1/images?page=1&limit=30&sort_by=Latest' })).body;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 'full', 'dark'],
    ['/home', 'mobile', 'light'],
    ['/gallery', 'icons', 'dark'],
  ])("GET %s with the cookie (%s, %s): the render in #root, the guests' page inlined", async (url, layout, theme) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie(`v1.${layout}.${theme}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    const count = (JSON.parse(guestPage) as { list: unknown[] }).list.length;
    expect(res.body).toContain(
      `<div id="root" data-first-screen=""><main data-url="${url}" data-layout="${layout}">${count} pictures<i `,
    );
    // The policy still refuses style attributes, but for exactly the values in this markup.
    const sha = (value: string) => `'sha256-${crypto.createHash('sha256').update(value).digest('base64')}'`;
    expect(res.headers['content-security-policy']).toContain(
      `;style-src-attr 'unsafe-hashes' ${[sha('aspect-ratio:2 / 3;font-family:"A"'), sha('gap:16px')].sort().join(' ')}`,
    );
    expect(res.headers['content-security-policy']).toContain("script-src-attr 'none'");
    // The route's title replaces the head's, once; the theme the device last showed is the page's;
    // the route's stylesheets are linked (the markup needs them before any script).
    expect(res.body).toContain('<head><meta charset="UTF-8"><title>Explore · Velvet</title>');
    expect(res.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/explore-9.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/gallery-5.css"></head>',
    );
    // No script is fetched before the first screen paints: the boot script preloads the entry's chunks
    // and the route's, then starts the entry, once the pictures have painted.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toMatch(
      /<script type="application\/json" id="velvet-first-page">.*<\/script><script src="\/first-screen-boot.js" data-entry="\/assets\/index-abc123.js" data-preload="\/assets\/api-7.js \/assets\/explore-9.js \/assets\/gallery-5.js"><\/script><\/body><\/html>$/,
    );
    expect(res.body.match(/index-1\.css/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain(`<html lang="en" data-theme="${theme}">`);
    // The page the app would have asked for, as the API answers guests, safe inside <script>.
    const script = new RegExp(`<script type="application/json" id="${FIRST_PAGE_SCRIPT_ID}">(.*?)</script>`).exec(
      res.body,
    );
    expect(JSON.parse(script![1]!)).toEqual(JSON.parse(guestPage));
    expect(script![1]).not.toMatch(/<\/?script/i);
    expect(guestPage).toContain('</script>');
  });

  it("renders the grid's column count the cookie carries, each count its own document", async () => {
    const three = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v2.full.dark.3') });
    expect(three.body).toContain(
      '<div id="root" data-first-screen=""><main data-url="/" data-layout="full" data-columns="3">',
    );
    const before = renders();
    const four = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v2.full.dark.4') });
    expect(four.body).toContain('data-layout="full" data-columns="4">');
    expect(renders()).toBe(before + 1);
    // A cookie from before the count was kept: the render is asked for every count (no columns).
    const older = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v1.full.dark') });
    expect(older.body).toContain('<main data-url="/" data-layout="full">');
  });

  it.each([
    ['no cookie', {}],
    ['a column count the grid cannot have', cookie('v2.full.dark.9')],
    ['a cookie this version did not write', cookie('v9.full.dark')],
    ['an empty cookie (consent revoked)', cookie('')],
  ])('GET / with %s: the plain index.html (the adult gate first, no pictures)', async (_, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-security-policy']).not.toContain('style-src-attr');
  });

  it.each(['/generate', '/likes', '/account', '/gallery/x'])(
    'GET %s with the cookie: the plain index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie('v1.full.dark') });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('a build without its manifest (route styles unknown) sends the plain index.html', async () => {
    const manifest = path.join(root, 'dist', '.vite', 'manifest.json');
    fs.renameSync(manifest, `${manifest}.away`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/gallery', headers: cookie('v1.full.dark') });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    } finally {
      fs.renameSync(`${manifest}.away`, manifest);
    }
  });

  it('a render that fails sends the plain index.html, not an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home?fail', headers: cookie('v1.full.dark') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it("renders a page once, and again when the guests' page changes (a new image published)", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v1.full.light') });
    const before = renders();
    const again = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v1.full.light') });
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(before);

    const owner = await createMember(t.services.db);
    await createCompleteImages(t.services, owner.id, 1, { open: true, prompt: 'a new morning' });
    await invalidateGalleryCache(); // what publishing through the API does
    const after = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v1.full.light') });
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain('a new morning');
  });

  it('a new web build while the API runs: the next document is rendered for it, not kept from the last', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v2.mobile.dark.1') });
    expect(first.body).toContain('data-entry="/assets/index-abc123.js"');
    const indexFile = path.join(root, 'dist', 'index.html');
    const manifestFile = path.join(root, 'dist', '.vite', 'manifest.json');
    const rebuilt = {
      ...MANIFEST,
      'src/main.tsx': { ...MANIFEST['src/main.tsx'], file: 'assets/index-def456.js' },
      'src/explore.tsx': { ...MANIFEST['src/explore.tsx'], file: 'assets/explore-10.js' },
    };
    fs.writeFileSync(indexFile, INDEX_HTML.replace('index-abc123.js', 'index-def456.js'));
    fs.writeFileSync(manifestFile, JSON.stringify(rebuilt));
    try {
      const next = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v2.mobile.dark.1') });
      expect(next.body).toContain('data-entry="/assets/index-def456.js"');
      expect(next.body).toContain('/assets/explore-10.js');
      expect(next.body).not.toContain('index-abc123');
      expect(next.body).not.toContain('explore-9.js');
    } finally {
      fs.writeFileSync(indexFile, INDEX_HTML);
      fs.writeFileSync(manifestFile, JSON.stringify(MANIFEST));
    }
    const back = await t.app.inject({ method: 'GET', url: '/', headers: cookie('v2.mobile.dark.1') });
    expect(back.body).toBe(first.body);
  });
});
