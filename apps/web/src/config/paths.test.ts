import { describe, expect, it } from 'vitest';
import { oauthCallbackPath, paths, termsPath } from './paths.ts';

describe('paths', () => {
  it('holds every route of the spec table', () => {
    expect(paths).toMatchObject({
      root: '/',
      home: '/home',
      gallery: '/gallery',
      generate: '/generate',
      collections: '/collections',
      likes: '/likes',
      support: '/support',
      account: '/account',
      terms: '/terms',
      subscription: '/subscription',
      coin: '/coin',
      oauthCallback: '/login/oauth2/code/:provider',
      paymentSuccess: '/payment-success',
      paymentCancel: '/payment-cancel',
    });
  });

  it('builds the social sign-in return path', () => {
    expect(oauthCallbackPath('google')).toBe('/login/oauth2/code/google');
  });

  it('builds the Terms and Policies path for one tab', () => {
    expect(termsPath('privacy')).toBe('/terms?tab=privacy');
    expect(termsPath('terms')).toBe('/terms?tab=terms');
  });
});
