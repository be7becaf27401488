// Package entry: every schema, type and constant. Apps may also import one module directly
// ('@velvet/contracts/images/make-images'), which keeps web bundles small.
export * from './options.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './entities.ts';
export * from './menu.ts';
export * from './routes.ts';
export * from './storage-keys.ts';
export * from './sanitize-prompt.ts';
export * from './format.ts';

export * from './auth/credentials.ts';
export * from './auth/session-user.ts';
export * from './auth/self-login.ts';
export * from './auth/register.ts';
export * from './auth/social-login.ts';
export * from './auth/get-auth-config.ts';

export * from './members/update-member.ts';
export * from './members/delete-member.ts';
export * from './members/get-member.ts';

export * from './support/create-qna.ts';
export * from './admin/list-qna.ts';
export * from './admin/update-qna.ts';
export * from './admin/claims.ts';
export * from './admin/reports.ts';
export * from './admin/deposits.ts';
export * from './admin/rates.ts';
export * from './admin/safety.ts';

export * from './payment/common.ts';
export * from './payment/create-intent.ts';
export * from './payment/complete-payment.ts';
export * from './payment/verify-payment.ts';
export * from './payment/query-rate.ts';
export * from './payment/create-wallet.ts';
export * from './payment/get-deposit.ts';
export * from './payment/get-payment-config.ts';
export * from './payment/create-checkout.ts';

export * from './images/image.ts';
export * from './images/make-images.ts';
export * from './images/get-generation-config.ts';
export * from './images/get-status.ts';
export * from './images/get-image-detail.ts';
export * from './images/like-image.ts';
export * from './images/list-liked-ids.ts';
export * from './images/record-view.ts';
export * from './images/record-download.ts';
export * from './images/publish-image.ts';
export * from './images/claim-image.ts';
export * from './images/delete-image.ts';
export * from './images/report-image.ts';

export * from './galleries/list-images.ts';

export * from './events/member-event.ts';

export * from './ads/get-ads-config.ts';

export * from './system/get-health.ts';
export * from './system/get-ready.ts';
