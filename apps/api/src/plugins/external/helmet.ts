import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env.ts';

/** The settings the security headers are built from (config/env.ts; docs/security.md "## Headers"). */
export type SecurityHeadersConfig = Pick<
  AppConfig,
  | 'PUBLIC_URL'
  | 'ADS_IFRAME_URL'
  | 'ADS_VAST_URL'
  | 'ADS_CSP_ORIGINS'
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'GOOGLE_CLIENT_ID'
  | 'CSP_REPORT_URI'
>;

export type CspDirectives = Record<string, string[]>;

/** Stripe.js and its frames (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
} as const;

/**
 * Google Identity Services (https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#cross_origin_opener_policy):
 * the app itself signs in by redirecting to Google, which a CSP does not restrict; these only matter
 * if Google's button script is used.
 */
export const GOOGLE_CSP = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
} as const;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The ad network's origins: its iframe zone, its VAST XML, and any extra creative/tracker origins. */
export function adOrigins(config: Pick<SecurityHeadersConfig, 'ADS_IFRAME_URL' | 'ADS_VAST_URL' | 'ADS_CSP_ORIGINS'>) {
  const iframe = originOf(config.ADS_IFRAME_URL);
  const vast = originOf(config.ADS_VAST_URL);
  // The extra origins only while an ad zone is configured.
  const extra = iframe || vast ? (config.ADS_CSP_ORIGINS ?? []) : [];
  return {
    /** Where the iframe zone may be loaded from. */
    frame: unique([...(iframe ? [iframe] : []), ...extra]),
    /** Where VAST XML (and its wrappers) are fetched, and the splash image and impression pixels come from. */
    vast: unique([...(vast ? [vast] : []), ...extra]),
  };
}

/**
 * The Content-Security-Policy of every response. Only this origin, plus the ad network, Stripe and
 * Google when each is configured. No inline script anywhere (the built index.html has none); style
 * attributes are refused too (React sets styles through the CSSOM, which a CSP does not govern).
 */
export function buildContentSecurityPolicy(config: SecurityHeadersConfig): CspDirectives {
  const ads = adOrigins(config);
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  const google = Boolean(config.GOOGLE_CLIENT_ID);
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;

  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE_CSP.script : []), ...(google ? GOOGLE_CSP.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(google ? GOOGLE_CSP.style : [])],
    // data: for the small assets the build inlines; blob: for the pictures fetched with a bearer token.
    'img-src': unique(["'self'", 'data:', 'blob:', ...ads.vast]),
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': unique([
      "'self'",
      ...ads.vast,
      ...(stripe ? STRIPE_CSP.connect : []),
      ...(google ? GOOGLE_CSP.connect : []),
    ]),
    'frame-src': unique([
      "'self'",
      ...ads.frame,
      ...(stripe ? STRIPE_CSP.frame : []),
      ...(google ? GOOGLE_CSP.frame : []),
    ]),
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  if (config.CSP_REPORT_URI) directives['report-uri'] = [config.CSP_REPORT_URI];
  return directives;
}

/** The header value of a directives object, as helmet writes it. */
export function serializeContentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** @fastify/helmet's options for this deployment. */
export function helmetOptions(config: SecurityHeadersConfig): FastifyHelmetOptions {
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: buildContentSecurityPolicy(config) },
    // Google's sign-in popup (and Stripe's 3-D Secure window) talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // Over plain HTTP a browser ignores HSTS, and a local demo must never be pinned to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The ad network checks the placement's origin; no path or query leaves the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  };
}

/** Header names helmet may set (all lower case), to copy them from a probe response. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The exact headers helmet sets with these options, read once from a private probe app. Responses
 * that Fastify answers before any hook runs (a bad %-encoding, a too long path parameter: see
 * error-handler.ts frameworkErrorReply) get these.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => 'ok');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const name of HELMET_HEADERS) {
      const value = res.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return headers;
  } finally {
    await probe.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of every response (for replies sent outside the hooks). */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Security headers on every response: API JSON, the web app's files and index.html, errors and 404s
 * (docs/security.md "## Headers"). @fastify/helmet writes them once, at start (securityHeaders); each
 * request then gets that fixed set, because the plugin itself rebuilds helmet's middleware on every
 * request, which halved the throughput of a small JSON route in a measurement (docs/security.md).
 */
export default fp<{ config: SecurityHeadersConfig }>(
  async function helmet(app: FastifyInstance, opts) {
    const headers = await securityHeaders(helmetOptions(opts.config));
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
