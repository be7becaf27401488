// Explore's first screen in the document (docs/performance.md, "Server-rendered first screen"): for a
// visitor whose first-screen cookie says they passed the adult gate, index.html for an Explore URL
// carries the app's own render of the guests' first page (the web build's dist-server/first-screen.js,
// loaded on first use) and that page's JSON, so the pictures paint before any script has been fetched
// and the app does not ask for the page again. Without the cookie, or when anything here fails, the plain
// index.html goes out as before: the adult gate comes first, and the page works without this.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FIRST_PAGE_SCRIPT_ID, formatFirstScreenCookie, type FirstScreenHints } from '@velvet/contracts/first-screen';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What dist-server/first-screen.js exports (apps/web/src/app/first-screen.tsx). */
interface FirstScreenModule {
  FIRST_SCREEN_ROUTE_SOURCE: string;
  firstScreenPageRequest(): { path: string; query: Record<string, string> };
  renderFirstScreen(input: { url: string; hints: FirstScreenHints; page: unknown }): string;
}

/** The built index.html's entry script (Vite writes exactly this). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/** apps/web/public/first-screen-boot.js: starts the entry once the first screen has painted. */
export const BOOT_SCRIPT = 'first-screen-boot.js';

/** Rendered documents kept, by page body, URL and hints: a new page (publish, delete...) is a new key. */
const RENDERED_KEPT = 32;

export interface FirstScreenDocument {
  html: string;
  /**
   * CSP hashes of the markup's style attributes: the policy refuses style attributes (React sets
   * styles through the CSSOM), so this document's response allows exactly these values, nothing else.
   */
  styleHashes: string[];
}

export interface FirstScreenRenderer {
  /** index.html with the first screen in it, or null to send the plain file. */
  document(input: { url: string; hints: FirstScreenHints; template: string }): Promise<FirstScreenDocument | null>;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The distinct style attribute values of some markup, as CSP source expressions ('sha256-...'). */
export function styleAttributeHashes(markup: string): string[] {
  const values = new Set<string>();
  for (const match of markup.matchAll(/\sstyle="([^"]*)"/g)) {
    values.add((match[1] ?? '').replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity));
  }
  return [...values].sort().map((value) => `'sha256-${crypto.createHash('sha256').update(value).digest('base64')}'`);
}

/** JSON safe inside a <script> element. */
const scriptJson = (body: string) =>
  body
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The template's own modulepreloads (Vite writes one per chunk the entry imports). */
const MODULEPRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">\s*/g;

export interface RouteAssets {
  /** <link rel="stylesheet">s: the markup needs them to look right before any script runs. */
  stylesheets: string;
  /** Scripts of the route's chunk and its imports, for the boot script to preload when it starts the app. */
  scripts: string[];
}

const manifests = new Map<string, { mtimeMs: number; size: number; chunks: Record<string, ManifestChunk> }>();

/**
 * The build's manifest, parsed once per version of the file (its mtime and size) rather than on every
 * Explore document; a rebuild while the API runs is still seen at the next request. Null without one.
 */
function readManifest(file: string): Record<string, ManifestChunk> | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const kept = manifests.get(file);
  if (kept?.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept.chunks;
  const chunks = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  manifests.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, chunks });
  return chunks;
}

/**
 * What the route's chunk would bring: its stylesheets (and its imports') and its scripts. Null when
 * the build has no manifest or no such route: the markup would show unstyled, so no first screen then.
 */
export function routeAssets(manifestFile: string, source: string, template: string): RouteAssets | null {
  const manifest = readManifest(manifestFile);
  if (!manifest?.[source]) return null;
  const css: string[] = [];
  const scripts: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  // What index.html already links (the entry's own chunks and CSS) is left out.
  const fresh = (file: string, index: number, all: string[]) =>
    all.indexOf(file) === index && !template.includes(`/${file}"`);
  return {
    stylesheets: css
      .filter(fresh)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join(''),
    scripts: scripts.filter(fresh).map((file) => `/${file}`),
  };
}

export function createFirstScreenRenderer(
  app: FastifyInstance,
  paths: { module: string; manifest: string },
  log: FastifyBaseLogger,
): FirstScreenRenderer | null {
  const modulePath = paths.module;
  if (!fs.existsSync(modulePath) || !fs.existsSync(paths.manifest)) return null;
  let loaded: Promise<FirstScreenModule | null> | null = null;
  const load = () => {
    loaded ??= import(pathToFileURL(modulePath).href).then(
      (m: FirstScreenModule) => m,
      (error: unknown) => {
        log.warn({ err: error, modulePath }, 'first screen: module failed to load; sending the plain document');
        return null;
      },
    );
    return loaded;
  };
  const rendered = new Map<string, FirstScreenDocument>();

  return {
    async document({ url, hints, template }) {
      const screen = await load();
      if (!screen) return null;
      const assets = routeAssets(paths.manifest, screen.FIRST_SCREEN_ROUTE_SOURCE, template);
      if (assets === null) return null;
      const request = screen.firstScreenPageRequest();
      // The guests' page through the API's own route: its cache, its shape, its headers' rules.
      const answer = await app.inject({ method: 'GET', url: request.path, query: request.query });
      if (answer.statusCode !== 200) return null;
      const body = answer.body;
      // The document depends on the build too (index.html's entry, the route's chunks): a rebuild
      // while the API runs must not get a document rendered for the build before.
      const key = crypto
        .createHash('sha1')
        .update(
          `${url}\n${formatFirstScreenCookie(hints)}\n${template}\n${assets.stylesheets}\n${assets.scripts.join(' ')}\n${body}`,
        )
        .digest('hex');
      let document = rendered.get(key);
      if (document === undefined) {
        const markup = screen.renderFirstScreen({ url, hints, page: JSON.parse(body) as unknown });
        // React puts what belongs in the head first: the route's <title>, and a preload <link> for
        // each high-priority picture. They go to the head (the title replacing the document's).
        const head = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)+/.exec(markup)?.[0] ?? '';
        const content = markup.slice(head.length);
        const title = /<title>[^<]*<\/title>/.exec(head)?.[0];
        const links = head.replace(/<title>[^<]*<\/title>/, '');
        const entry = ENTRY_SCRIPT.exec(template)?.[1];
        if (!entry) return null;
        // No script is fetched before the first screen has painted: the entry's module script would
        // run as soon as it arrives, and a modulepreload compiles its module on the main thread, both
        // holding back the paint the server rendered for (at 4x CPU, the preloads alone cost ~170 ms
        // of LCP: docs/performance.md). first-screen-boot.js preloads them and starts the entry then.
        const preloads = [...[...template.matchAll(MODULEPRELOAD)].map((m) => m[1] as string), ...assets.scripts];
        // Function replacements: the markup holds members' prompts, where `$&` must stay text.
        const html = template
          .replace(ENTRY_SCRIPT, () => '')
          .replace(MODULEPRELOAD, () => '')
          .replace(
            '</body>',
            () =>
              `<script src="/${BOOT_SCRIPT}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script></body>`,
          )
          .replace(
            /<html([^>]*) data-theme="[a-z]+"/,
            (_, attrs: string) => `<html${attrs} data-theme="${hints.theme}"`,
          )
          .replace(/<title>[^<]*<\/title>/, (own) => title ?? own)
          .replace('</head>', () => `${assets.stylesheets}${links}</head>`)
          .replace(
            '<div id="root"></div>',
            () =>
              `<div id="root" data-first-screen="">${content}</div>` +
              `<script type="application/json" id="${FIRST_PAGE_SCRIPT_ID}">${scriptJson(body)}</script>`,
          );
        document = { html, styleHashes: styleAttributeHashes(content) };
        rendered.set(key, document);
        if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
      }
      return document;
    },
  };
}
