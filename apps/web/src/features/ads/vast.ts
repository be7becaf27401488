// The splash ad (spec sections 2, 7 and 8): the ad network's VAST XML names a static image (a
// <StaticResource> of a NonLinear or Companion creative) and the page a click opens (its
// <NonLinearClickThrough>, <CompanionClickThrough> or <ClickThrough>). A Wrapper's <VASTAdTagURI> is
// followed (at most MAX_WRAPPERS deep).
//
// The parser is a small tolerant scanner, not DOMParser (which the unit tests' Node does not have):
// namespace prefixes, attributes, CDATA, comments and entities are handled; nesting of the elements it
// reads is not needed. Failures carry the spec's messages (AD_ERRORS):
// - 'could not extract ad data': the XML is a VAST document but lacks the image or the click-through;
// - 'error loading ad': the fetch failed, answered an error, or the body is not a VAST document;
// - 'ad load timed out': nothing usable within 10 s.
import { AD_ERRORS } from '@velvet/contracts/ads/get-ads-config';
import { TIMINGS } from '@velvet/contracts/catalog';

export type AdErrorKind = 'extract' | 'load' | 'timeout';

export class AdLoadError extends Error {
  constructor(
    readonly kind: AdErrorKind,
    readonly detail?: string,
  ) {
    super(AD_ERRORS[kind]);
    this.name = 'AdLoadError';
  }
}

export interface VastAd {
  /** The static image to show. */
  imageUrl: string;
  /** Where a click goes (opened in a new tab). */
  clickThroughUrl: string;
  /** Impression trackers to request once the ad is shown. */
  impressionUrls: string[];
  /** The creative's size when the XML gives it. */
  width: number | null;
  height: number | null;
}

export const MAX_WRAPPERS = 3;

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** Raw inner markup ('' for a self-closing element). */
  inner: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The text content of an element: CDATA kept verbatim, tags dropped, entities decoded, trimmed. */
function textOf(inner: string): string {
  let out = '';
  const cdata = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
  let last = 0;
  for (let match = cdata.exec(inner); match; match = cdata.exec(inner)) {
    out += decodeEntities(inner.slice(last, match.index).replace(/<[^>]*>/g, ''));
    out += match[1];
    last = match.index + match[0].length;
  }
  out += decodeEntities(inner.slice(last).replace(/<[^>]*>/g, ''));
  return out.trim();
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const name = (match[1] ?? '').replace(/^[\w.-]+:/, '').toLowerCase();
    attributes[name] = decodeEntities(match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Every element named `name` (any namespace prefix, any case) in `xml`, outermost first. */
function findAll(xml: string, name: string): XmlElement[] {
  const pattern = new RegExp(
    `<(?:[\\w.-]+:)?${name}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>)`,
    'gi',
  );
  const found: XmlElement[] = [];
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    found.push({ name, attributes: parseAttributes(match[1] ?? ''), inner: match[2] ?? '' });
  }
  return found;
}

function stripComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

/** A VAST document: a <VAST> root element, opened and closed (or self-closing). */
function isVastDocument(xml: string): boolean {
  return (
    /<(?:[\w.-]+:)?VAST[\s>/]/i.test(xml) &&
    (/<\/(?:[\w.-]+:)?VAST\s*>/i.test(xml) || /<(?:[\w.-]+:)?VAST[^>]*\/>/i.test(xml))
  );
}

function httpUrl(value: string, base: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function dimension(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export type VastDocument = { kind: 'ad'; ad: VastAd } | { kind: 'wrapper'; next: string; impressionUrls: string[] };

/**
 * Reads one VAST document. `baseUrl` resolves relative URLs. Throws AdLoadError('load') for a body
 * that is not VAST and AdLoadError('extract') for a VAST document without a usable image and
 * click-through.
 */
export function parseVast(xml: string, baseUrl?: string): VastDocument {
  const source = stripComments(typeof xml === 'string' ? xml : '');
  if (!isVastDocument(source)) throw new AdLoadError('load', 'not a VAST document');

  const impressionUrls = findAll(source, 'Impression')
    .map((element) => httpUrl(textOf(element.inner), baseUrl))
    .filter((url): url is string => url !== null);

  // Creatives that carry a static image, with the click-through that belongs to each.
  const creatives = [
    ...findAll(source, 'NonLinear').map((element) => ({ element, click: 'NonLinearClickThrough' })),
    ...findAll(source, 'Companion').map((element) => ({ element, click: 'CompanionClickThrough' })),
  ];
  const globalClick = [
    ...findAll(source, 'NonLinearClickThrough'),
    ...findAll(source, 'CompanionClickThrough'),
    ...findAll(source, 'ClickThrough'),
  ]
    .map((element) => httpUrl(textOf(element.inner), baseUrl))
    .find((url): url is string => url !== null);

  const candidates =
    creatives.length > 0
      ? creatives
      : [{ element: { name: 'VAST', attributes: {}, inner: source }, click: 'ClickThrough' }];
  for (const { element, click } of candidates) {
    const resources = findAll(element.inner, 'StaticResource');
    // Prefer an image resource; a missing creativeType is taken as an image.
    const resource =
      resources.find((r) => (r.attributes.creativetype ?? 'image/').toLowerCase().startsWith('image/')) ?? null;
    const imageUrl = resource ? httpUrl(textOf(resource.inner), baseUrl) : null;
    if (!imageUrl) continue;
    const ownClick = findAll(element.inner, click)
      .map((c) => httpUrl(textOf(c.inner), baseUrl))
      .find((url): url is string => url !== null);
    const clickThroughUrl = ownClick ?? globalClick;
    if (!clickThroughUrl) continue;
    return {
      kind: 'ad',
      ad: {
        imageUrl,
        clickThroughUrl,
        impressionUrls,
        width: dimension(element.attributes.width),
        height: dimension(element.attributes.height),
      },
    };
  }

  const wrapperTag = findAll(source, 'VASTAdTagURI')
    .map((element) => httpUrl(textOf(element.inner), baseUrl))
    .find((url): url is string => url !== null);
  if (wrapperTag) return { kind: 'wrapper', next: wrapperTag, impressionUrls };

  throw new AdLoadError('extract');
}

export interface LoadVastOptions {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Fetches and reads the splash ad at `url`, following wrappers, within the ad load timeout (10 s).
 * Rejects with AdLoadError: 'timeout' when time runs out, 'extract' when the ad lacks its image or
 * click-through, 'load' for anything else (network, HTTP error, not VAST, too many wrappers).
 */
export function loadVastAd(url: string, options: LoadVastOptions = {}): Promise<VastAd> {
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? TIMINGS.adLoadTimeoutMs;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  const work = async (): Promise<VastAd> => {
    const impressions: string[] = [];
    let next = url;
    for (let depth = 0; depth <= MAX_WRAPPERS; depth += 1) {
      let body: string;
      try {
        const response = await fetchFn(next, { signal: controller.signal, credentials: 'omit' });
        if (!response.ok) throw new AdLoadError('load', `HTTP ${response.status}`);
        body = await response.text();
      } catch (error) {
        if (error instanceof AdLoadError) throw error;
        throw new AdLoadError('load', error instanceof Error ? error.message : String(error));
      }
      const document = parseVast(body, next);
      if (document.kind === 'ad')
        return { ...document.ad, impressionUrls: [...impressions, ...document.ad.impressionUrls] };
      impressions.push(...document.impressionUrls);
      next = document.next;
    }
    throw new AdLoadError('load', 'too many VAST wrappers');
  };

  return new Promise<VastAd>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new AdLoadError('timeout'));
      controller.abort();
    }, timeoutMs);
    work().then(
      (ad) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(ad);
      },
      (error: unknown) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        reject(error instanceof AdLoadError ? error : new AdLoadError('load', String(error)));
      },
    );
  });
}
