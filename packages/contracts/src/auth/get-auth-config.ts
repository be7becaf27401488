// GET /api/auth/config (public): what the web needs to start a social sign-in. The Google client id is
// a deployment setting, so the built web app asks the server instead of baking it in. `google` is null
// when Google sign-in is not configured; the modal then explains that instead of redirecting.
import { z } from 'zod';

export const ZGoogleSignInConfig = z.object({
  /** OAuth client id (the id token's audience). */
  client_id: z.string(),
  /** Google's authorization endpoint (configurable so tests and self-hosted proxies can point elsewhere). */
  authorization_url: z.string(),
});
export type TGoogleSignInConfig = z.infer<typeof ZGoogleSignInConfig>;

export const ZGetAuthConfigResponse = z.object({
  google: ZGoogleSignInConfig.nullable(),
});
export type TGetAuthConfigResponse = z.infer<typeof ZGetAuthConfigResponse>;

/** Scopes of the Google authorization request (spec section 4). */
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'] as const;
