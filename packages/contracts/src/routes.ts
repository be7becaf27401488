// API paths of spec section 7 in Fastify's `:param` form, so the API registers exactly what the web
// calls. apiPath() fills the params for a client.
import type { GalleryType } from './options.ts';

export const API_PATHS = {
  socialLogin: '/api/auth/social-login',
  selfLogin: '/api/auth/self-login',
  register: '/api/auth/register',
  /** Not in the spec: the public sign-in settings (Google client id) the web reads at runtime. */
  authConfig: '/api/auth/config',
  /** Not in the spec: the emailed verification link's token (public), and a new link (bearer). */
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/verify-email/resend',
  /** Not in the spec: a password reset link by email (public), and the new password with its token. */
  forgotPassword: '/api/v1/auth/password/forgot',
  resetPassword: '/api/v1/auth/password/reset',

  createIntent: '/api/payment/create-intent',
  completePayment: '/api/payment/complete',
  verifyPayment: '/api/payment/verify',
  /** Not in the spec: card processor settings, the hosted checkout and the processor's webhook. */
  paymentConfig: '/api/payment/config',
  createCheckout: '/api/payment/checkout-session',
  paymentWebhook: '/api/payment/webhook',
  /** Not in the spec: Verotel FlexPay's signed postback (GET, answered `OK`; docs/payments.md). */
  verotelPostback: '/api/payment/verotel/postback',
  /** Not in the spec: the member's renewing plan (GET) and the processor's page to stop renewal (POST). */
  subscription: '/api/payment/subscription',
  cancelSubscription: '/api/payment/subscription/cancel',
  /** Not in the spec: NOWPayments' signed payment notifications (IPN) when it is the crypto gateway. */
  nowPaymentsIpn: '/api/v2/wallet/nowpayments/ipn',
  queryRate: '/api/v2/wallet/query/:coin',
  createWallet: '/api/v2/wallet/create/:coin',
  /** Not in the spec: a deposit's status for the wallet modal (the fallback when events are down). */
  getDeposit: '/api/v2/wallet/deposit/:id',

  createQna: '/api/qna',
  /** Not in the spec: the member's own support requests with support's replies (GET, bearer). */
  listMyQna: '/api/qna',
  updateMember: '/api/members',
  /** Not in the spec: the signed-in member (GET on the same path as the nickname update). */
  getMember: '/api/members',
  deleteMember: '/api/members/delete',
  /** Not in the spec: the support team's view of support requests (admin role). */
  adminQna: '/api/admin/qna',
  adminQnaItem: '/api/admin/qna/:id',
  adminClaims: '/api/admin/claims',
  adminClaimItem: '/api/admin/claims/:id',
  /** Not in the spec: the support console's Inbox and Claims screens (issue 15, docs/support.md). */
  adminInbox: '/api/admin/inbox',
  adminInboxItem: '/api/admin/inbox/:id',
  adminInboxReplies: '/api/admin/inbox/:id/replies',
  adminInboxClose: '/api/admin/inbox/:id/close',
  adminClaimQueue: '/api/admin/claims/queue',
  adminClaimImage: '/api/admin/claims/:id/image',
  adminClaimApprove: '/api/admin/claims/:id/approve',
  adminClaimReject: '/api/admin/claims/:id/reject',
  adminReports: '/api/admin/reports',
  adminReportedImage: '/api/admin/reports/:image_id',
  /** Not in the spec: crypto deposits for support, and the rate override (docs/payments-crypto.md). */
  adminDeposits: '/api/admin/deposits',
  adminDepositItem: '/api/admin/deposits/:id',
  adminRates: '/api/admin/rates',
  adminRateItem: '/api/admin/rates/:coin',
  /** Not in the spec: the safety desk (mutes, safety log, picture holds, escalations; docs/safety.md). */
  adminSafetyMutes: '/api/admin/safety/mutes',
  adminSafetyLiftMute: '/api/admin/safety/mutes/:member_id/lift',
  adminSafetyLog: '/api/admin/safety/log',
  adminSafetyHolds: '/api/admin/safety/holds',
  adminSafetyHoldItem: '/api/admin/safety/holds/:id',
  adminSafetyHoldPicture: '/api/admin/safety/holds/:id/picture',
  adminSafetyEscalations: '/api/admin/safety/escalations',
  adminSafetyReportEscalation: '/api/admin/safety/escalations/:id/report',
  /** Not in the spec: the console's Moderation queue (reported images and held pictures, issue 15). */
  adminModeration: '/api/admin/moderation',
  adminModerationReport: '/api/admin/moderation/reports/:image_id',
  adminModerationReportPicture: '/api/admin/moderation/reports/:image_id/picture',
  adminModerationHold: '/api/admin/moderation/holds/:id',
  /** Not in the spec: card payments, refunds and disputes for the console (read-only). */
  adminPayments: '/api/admin/payments',
  /** Not in the spec: the background queues (counts, failed jobs, retry). */
  adminQueues: '/api/admin/queues',
  adminQueueFailedJobs: '/api/admin/queues/:queue/failed',
  adminQueueRetryJob: '/api/admin/queues/:queue/jobs/:job_id/retry',

  /** Not in the spec: the support console's Members and Audit log (issue 15, docs/support.md). */
  adminMembers: '/api/admin/members',
  adminMember: '/api/admin/members/:member_id',
  adminMemberLedger: '/api/admin/members/:member_id/ledger',
  adminMemberCoins: '/api/admin/members/:member_id/coins',
  adminMemberMute: '/api/admin/members/:member_id/mute',
  adminMemberSuspend: '/api/admin/members/:member_id/suspend',
  adminMemberRestore: '/api/admin/members/:member_id/restore',
  adminMemberRole: '/api/admin/members/:member_id/role',
  adminAudit: '/api/admin/audit',

  makeImages: '/api/v2/images/make',
  /** Not in the spec: which image model answers (the demo provider is labelled in the UI). */
  generationConfig: '/api/v2/generation/config',
  getStatus: '/api/v2/status/:id',
  /** Not in the spec: the member's server-sent-events stream (image status, balance). */
  memberEvents: '/api/v2/events',
  /** Not in the spec: the grid-sized WebP of an image the caller may see. */
  imageThumbnail: '/api/v2/image/thumb/:image_id',
  likeImage: '/api/v2/image/likes/:image_id',
  /** Not in the spec: which of one page's images the caller likes (Explore's list goes without the token). */
  likedImageIds: '/api/v2/image/liked',
  likeImageV1: '/api/v1/image/likes/:image_id',
  recordDownload: '/api/v1/image/down/:image_id',
  publishImage: '/api/v2/image/publish/:image_id',
  claimImage: '/api/v2/image/claim/:image_id',
  deleteImage: '/api/v2/image/delete/:image_id',
  recordView: '/api/v1/image/view/:image_id',
  /** Not in the spec: report a published image (moderation). */
  reportImage: '/api/v2/image/report/:image_id',
  imageDetail: '/api/v2/image/detail/:image_id',
  /** The spec's other path to the owner's picture ("Also GET /api/v2/image/{x}"): as imageDetail. */
  image: '/api/v2/image/:image_id',
  likedImageDetail: '/api/v2/likeimage/detail/:image_id',
  publicImageDetail: '/api/v1/image/detail/:image_id',

  /** Not in the spec: the ad zones configured for this deployment. */
  adsConfig: '/api/ads/config',

  publicImages: '/api/v1/images',
  collectionImages: '/api/v2/images',
  likedImages: '/api/v2/likeimages',
} as const;
export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** Which list each gallery type reads. */
export const GALLERY_LIST_PATHS = {
  public_gallery: API_PATHS.publicImages,
  collection_gallery: API_PATHS.collectionImages,
  likes_gallery: API_PATHS.likedImages,
} as const satisfies Record<GalleryType, string>;

/** Where each gallery type loads a picture from (the public one without auth). */
export const GALLERY_DETAIL_PATHS = {
  public_gallery: API_PATHS.publicImageDetail,
  collection_gallery: API_PATHS.imageDetail,
  likes_gallery: API_PATHS.likedImageDetail,
} as const satisfies Record<GalleryType, string>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills `:param` segments, URL-encoding each value: apiPath(API_PATHS.getStatus, { id }). */
export function apiPath<P extends string>(path: P, params: Record<ParamNames<P>, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_segment, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`apiPath: missing param ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
