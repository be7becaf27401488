// Every route path of the spec's route table (section 2), in one place. Screens, menus and tests
// import these; nothing else spells a path.

export const paths = {
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
  /** Social sign-in return; the last segment is the provider (e.g. google). */
  oauthCallback: '/login/oauth2/code/:provider',
  paymentSuccess: '/payment-success',
  paymentCancel: '/payment-cancel',
  /** Not in the spec: the emailed verification link's page (?token=...). */
  verifyEmail: '/verify-email',
  /** Not in the spec: the password reset email's link (?token=...). */
  resetPassword: '/reset-password',
  /** Not in the spec: the support console (support and admin sessions only; docs/support.md). */
  admin: '/admin',
  adminInbox: '/admin/inbox',
  adminClaims: '/admin/claims',
  adminModeration: '/admin/moderation',
  /** Crypto deposits needing a decision, card payments, refunds and disputes. */
  adminPayments: '/admin/payments',
  adminMembers: '/admin/members',
  adminQueues: '/admin/queues',
  adminAudit: '/admin/audit',
  /** Coming-soon menu entries: never routed, so they fall through to the not-found screen. */
  videos: '/videos',
  train: '/train',
  webtoons: '/webtoons',
} as const;

export type PathKey = keyof typeof paths;

/** The social sign-in return path for one provider, e.g. /login/oauth2/code/google. */
export function oauthCallbackPath(provider: string): string {
  return paths.oauthCallback.replace(':provider', encodeURIComponent(provider));
}

/** The tabs of the Terms and Policies page, chosen with ?tab= (Privacy Policy is the default). */
export const TERMS_TABS = ['privacy', 'terms'] as const;
export type TermsTab = (typeof TERMS_TABS)[number];

/** The Terms and Policies page opened on one tab: /terms?tab=privacy or /terms?tab=terms. */
export function termsPath(tab: TermsTab): string {
  return `${paths.terms}?tab=${tab}`;
}

/** Paths that are menu entries only: they have no screen. */
export const COMING_SOON_PATHS: readonly string[] = [paths.videos, paths.train, paths.webtoons];
