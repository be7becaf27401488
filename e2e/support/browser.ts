// (page.evaluate callbacks and init scripts run in the browser.)
// Browser helpers for the e2e tests: Debian's Chromium through playwright-core, with everything that
// would reach for the network switched off.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;

/** The key and value the adult gate stores (spec section 3). */
export const CONSENT_KEY = 'adult-consent-given';
export const CONSENT_VALUE = 'true';

/** A Content-Security-Policy violation a page reported (securitypolicyviolation event). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Every CSP violation of every page of every context newContext() made, since the last check. The
 * product runs with its CSP enforced in these tests; a violation is a bug (a blocked script, style,
 * picture or frame), so each test fails on one (see the afterEach below).
 */
const cspViolations: CspViolation[] = [];

/** The violations recorded since the last call, which forgets them. */
export function takeCspViolations(): CspViolation[] {
  return cspViolations.splice(0, cspViolations.length);
}

/** Fails when a page reported a CSP violation since the last check. */
export function assertNoCspViolations(): void {
  const violations = takeCspViolations();
  if (violations.length === 0) return;
  const lines = violations.map(
    (v) => `  ${v.directive} blocked ${v.blocked} (on ${v.page}${v.source ? `, ${v.source}` : ''})`,
  );
  throw new Error(`Content-Security-Policy violations:\n${lines.join('\n')}`);
}

// Under vitest (the e2e project), every test ends with the check: a violation in beforeAll surfaces in
// the file's first test. Other users of these helpers (bench/web) run without vitest.
if (process.env.VITEST) {
  const { afterEach } = await import('vitest');
  afterEach(() => {
    assertNoCspViolations();
  });
}

async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__velvetCspViolation', (_source, violation: CspViolation) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __velvetCspViolation?: (v: unknown) => void }).__velvetCspViolation;
      report?.({
        page: location.href,
        directive: event.effectiveDirective || event.violatedDirective,
        blocked: event.blockedURI || '(inline)',
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : event.sample,
      });
    });
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface NewPageOptions {
  /** 390x844 touch viewport instead of 1280x800. */
  mobile?: boolean;
  /** Store adult consent before any page script runs, so the gate stays closed. */
  consent?: boolean;
  /** Extra local storage items set before any page script runs (on every navigation). */
  localStorage?: Record<string, string>;
}

/** A page in its own context (own storage), so tests in one file do not share state by accident. */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  return context.newPage();
}

export async function newContext(browser: Browser, options: NewPageOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.mobile ? MOBILE_VIEWPORT : DESKTOP_VIEWPORT,
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await recordCspViolations(context);
  const items: Record<string, string> = { ...options.localStorage };
  if (options.consent) items[CONSENT_KEY] = CONSENT_VALUE;
  if (Object.keys(items).length > 0) {
    await context.addInitScript((entries: Record<string, string>) => {
      // The app's own window only: embedded frames (the grid's ad iframe) are another origin, whose
      // storage may be off limits.
      if (window !== window.top) return;
      // Only once per context: later reloads must see what the app itself stored.
      if (sessionStorage.getItem('__e2e_seeded__')) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem('__e2e_seeded__', '1');
    }, items);
  }
  // Nothing in the product may reach outside the machine; fail loudly if something tries.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'));
  return context;
}

/** Resolve a path against the product's base URL. */
export function urlFor(baseUrl: string, path: string): string {
  return new URL(path, baseUrl).toString();
}

/** The path part of the page's URL. */
export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}
