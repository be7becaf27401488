// Google sign-in without Google's script (spec section 4): the browser goes to the authorization
// endpoint asking for an id token (response_type=id_token) with a random nonce and state, and comes
// back to /login/oauth2/code/google with the result in the URL fragment. Everything here is pure:
// building the request, reading the answer, and deciding what the return screen does with it.
import { GOOGLE_SCOPES, type TGoogleSignInConfig } from '@velvet/contracts/auth/get-auth-config';
import type { TSocialLoginRequest } from '@velvet/contracts/auth/social-login';
import { apiFailureMessage } from '../../lib/api-error.ts';
import { oauthCallbackPath, paths } from '../../config/paths.ts';

export const GOOGLE_PROVIDER = 'google';

export const CALLBACK_MESSAGES = {
  inProgress: 'Authentication in progress...',
  success: 'Your login was successful.',
  cancelled: 'Login was cancelled.',
  processingError: 'An error occurred while processing the login.',
  noToken: 'no token received',
  invalidToken: 'invalid token format',
  authenticationFailed: 'Authentication failed.',
} as const;

/** Fills the array with random bytes, like crypto.getRandomValues. */
export type RandomFill = (bytes: Uint8Array) => Uint8Array;

const defaultRandom: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random, URL-safe value of 32 bytes (256 bits) for the nonce and the state. */
export function createOAuthSecret(random: RandomFill = defaultRandom): string {
  return base64UrlEncode(random(new Uint8Array(32)));
}

/** Where Google sends the browser back: this origin's social sign-in return screen. */
export function googleRedirectUri(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${oauthCallbackPath(GOOGLE_PROVIDER)}`;
}

export interface GoogleAuthorizationRequest {
  config: TGoogleSignInConfig;
  redirectUri: string;
  nonce: string;
  state: string;
}

/** The authorization URL: an id token for openid, email and profile, always offering the account chooser. */
export function buildGoogleAuthorizationUrl({ config, redirectUri, nonce, state }: GoogleAuthorizationRequest): string {
  const params = new URLSearchParams({
    client_id: config.client_id,
    redirect_uri: redirectUri,
    response_type: 'id_token',
    scope: GOOGLE_SCOPES.join(' '),
    nonce,
    state,
    prompt: 'select_account',
  });
  const url = new URL(config.authorization_url);
  for (const [key, value] of params) url.searchParams.set(key, value);
  return url.toString();
}

export interface CallbackParams {
  idToken: string | null;
  state: string | null;
  /** An OAuth error code (access_denied when the user cancelled). */
  error: string | null;
}

/** Reads the return URL: the fragment carries id_token and state (or error); an error may also come in the query. */
export function parseCallbackParams(hash: string, search = ''): CallbackParams {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const pick = (name: string) => fragment.get(name) || query.get(name) || null;
  return { idToken: fragment.get('id_token') || null, state: pick('state'), error: pick('error') };
}

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The claims of a JWT (header.payload.signature), read without checking the signature: only hints
 * for the server, which verifies the token itself. Null when the token is not a decodable JWT.
 */
export function decodeIdTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const json = base64UrlDecode(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const claim = (payload: Record<string, unknown>, name: string): string | null => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** The hints the social-login body carries: email, name as nicname, picture. */
export function idTokenHints(
  payload: Record<string, unknown>,
): Pick<TSocialLoginRequest, 'email' | 'nicname' | 'picture'> {
  return { email: claim(payload, 'email'), nicname: claim(payload, 'name'), picture: claim(payload, 'picture') };
}

/** What the sign-in started by this browser left in session storage. */
export interface PendingGoogleSignIn {
  nonce: string | null;
  state: string | null;
}

export type CallbackCheck = { kind: 'error'; message: string } | { kind: 'ready'; request: TSocialLoginRequest };

/**
 * What the return screen does with the URL it was opened with: an error message, or the social-login
 * request to send. Order: provider error (cancelled or other), missing token, undecodable token, then
 * a state that does not match (or a sign-in this browser never started).
 */
export function checkCallback(params: CallbackParams, pending: PendingGoogleSignIn): CallbackCheck {
  if (params.error) {
    return {
      kind: 'error',
      message: params.error === 'access_denied' ? CALLBACK_MESSAGES.cancelled : CALLBACK_MESSAGES.processingError,
    };
  }
  if (!params.idToken) return { kind: 'error', message: CALLBACK_MESSAGES.noToken };
  const payload = decodeIdTokenPayload(params.idToken);
  if (!payload) return { kind: 'error', message: CALLBACK_MESSAGES.invalidToken };
  if (!pending.nonce || !pending.state || params.state !== pending.state) {
    return { kind: 'error', message: CALLBACK_MESSAGES.processingError };
  }
  return {
    kind: 'ready',
    request: {
      googleToken: params.idToken,
      nonce: pending.nonce,
      // The visitor chose 'Continue with Google' beside the line confirming they are 18 or older.
      adult_attestation: true,
      ...idTokenHints(payload),
    },
  };
}

/** A failed social-login call: the server's message, else 'Authentication failed.' */
export function socialLoginFailureMessage(error: unknown): string {
  return apiFailureMessage(error, {
    refused: CALLBACK_MESSAGES.authenticationFailed,
    exception: CALLBACK_MESSAGES.authenticationFailed,
  });
}

/**
 * Where to go after signing in: the stored page when it is a path of this site (never another origin,
 * never the return screen itself), else '/'.
 */
export function safeRedirectTarget(stored: string | null | undefined): string {
  if (!stored || !stored.startsWith('/') || stored.startsWith('//') || stored.includes('\\')) return paths.root;
  const callbackPrefix = paths.oauthCallback.slice(0, paths.oauthCallback.indexOf(':'));
  if (stored.startsWith(callbackPrefix)) return paths.root;
  return stored;
}
