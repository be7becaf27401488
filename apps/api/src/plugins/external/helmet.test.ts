import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  helmetOptions,
  securityHeaders,
  serializeContentSecurityPolicy,
  type SecurityHeadersConfig,
} from './helmet.ts';

const BARE: SecurityHeadersConfig = {
  PUBLIC_URL: undefined,
  ADS_IFRAME_URL: undefined,
  ADS_VAST_URL: undefined,
  ADS_CSP_ORIGINS: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  GOOGLE_CLIENT_ID: undefined,
  CSP_REPORT_URI: undefined,
};

/** Every source the policy allows, whatever the directive. */
function sources(config: SecurityHeadersConfig): string[] {
  return Object.values(buildContentSecurityPolicy(config)).flat();
}

describe('Content-Security-Policy builder', () => {
  it('bare deployment: this origin only, no inline script or style, never framed', () => {
    const csp = buildContentSecurityPolicy(BARE);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(csp['report-uri']).toBeUndefined();
    expect(sources(BARE).filter((s) => s.startsWith('http'))).toEqual([]);
    expect(sources(BARE).some((s) => s.includes('unsafe'))).toBe(false);
  });

  it('ads: the iframe zone may be framed, VAST fetched and its pictures shown, only from their origins', () => {
    const config = {
      ...BARE,
      ADS_IFRAME_URL: 'https://frames.ads.example/embed?zone=1',
      ADS_VAST_URL: 'https://vast.ads.example:8443/vast?zone=2',
    };
    const csp = buildContentSecurityPolicy(config);
    expect(csp['frame-src']).toEqual(["'self'", 'https://frames.ads.example']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://vast.ads.example:8443']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://vast.ads.example:8443']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('ads: ADS_CSP_ORIGINS adds the creative origins, and only while an ad zone is configured', () => {
    const extra = ['https://cdn.ads.example'];
    expect(sources({ ...BARE, ADS_CSP_ORIGINS: extra })).not.toContain('https://cdn.ads.example');
    const csp = buildContentSecurityPolicy({
      ...BARE,
      ADS_VAST_URL: 'https://vast.ads.example/x',
      ADS_CSP_ORIGINS: extra,
    });
    expect(csp['img-src']).toContain('https://cdn.ads.example');
    expect(csp['connect-src']).toContain('https://cdn.ads.example');
  });

  it('Stripe: js.stripe.com scripts and frames, api.stripe.com, hooks.stripe.com', () => {
    const csp = buildContentSecurityPolicy({ ...BARE, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(sources({ ...BARE, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).some((s) => s.includes('google'))).toBe(false);
  });

  it('Google sign-in: accounts.google.com/gsi only, and only with GOOGLE_CLIENT_ID', () => {
    const csp = buildContentSecurityPolicy({ ...BARE, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    expect(csp['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(csp['style-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(sources({ ...BARE, GOOGLE_CLIENT_ID: 'id' }).some((s) => s.includes('stripe'))).toBe(false);
  });

  it('https PUBLIC_URL upgrades insecure requests; a report URI is added when set', () => {
    const csp = buildContentSecurityPolicy({
      ...BARE,
      PUBLIC_URL: 'https://velvet.example',
      CSP_REPORT_URI: 'https://velvet.example/csp',
    });
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['report-uri']).toEqual(['https://velvet.example/csp']);
    expect(
      buildContentSecurityPolicy({ ...BARE, PUBLIC_URL: 'http://localhost:3000' })['upgrade-insecure-requests'],
    ).toBe(undefined);
  });

  it('serialises directives as browsers read them', () => {
    expect(serializeContentSecurityPolicy({ 'default-src': ["'self'"], 'upgrade-insecure-requests': [] })).toBe(
      "default-src 'self';upgrade-insecure-requests",
    );
  });
});

describe('helmet options', () => {
  it('HSTS only when PUBLIC_URL is https', async () => {
    expect(helmetOptions(BARE).strictTransportSecurity).toBe(false);
    expect(helmetOptions({ ...BARE, PUBLIC_URL: 'http://velvet.local' }).strictTransportSecurity).toBe(false);
    const https = await securityHeaders(helmetOptions({ ...BARE, PUBLIC_URL: 'https://velvet.example' }));
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the headers helmet sends', async () => {
    const headers = await securityHeaders(helmetOptions(BARE));
    expect(headers['content-security-policy']).toBe(serializeContentSecurityPolicy(buildContentSecurityPolicy(BARE)));
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});
