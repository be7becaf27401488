import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../errors.ts';

/**
 * The origin that links in mails point at: PUBLIC_URL, or outside production the request's origin.
 * In production a link built from the Host header could send a reset token to an attacker's site
 * (host header injection), so PUBLIC_URL is required there.
 */
export function mailLinkBase(config: Pick<AppConfig, 'PUBLIC_URL' | 'NODE_ENV'>, requestOrigin: string): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (config.NODE_ENV === 'production') {
    throw new AppError(503, 'Email links are not configured on this server (PUBLIC_URL is unset).');
  }
  return requestOrigin.replace(/\/+$/, '');
}
