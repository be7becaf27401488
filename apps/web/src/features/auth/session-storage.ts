// Where the session lives between visits: 'token' and 'user' in local storage, plus the
// coin-related list ('commonCodes') that logout clears.
import { STORAGE_KEYS } from '@velvet/contracts/storage-keys';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../../lib/storage.ts';
import type { SessionUser } from './types.ts';

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored user with every field present; null when the stored value is not a user at all. */
export function normalizeStoredUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const memberId = text(raw.member_id) || text(raw.email);
  if (!memberId) return null;
  const coins = typeof raw.cur_tokens === 'number' ? raw.cur_tokens : Number(raw.cur_tokens);
  return {
    member_id: memberId,
    email: text(raw.email) || memberId,
    nicname: text(raw.nicname),
    picture: text(raw.picture),
    cur_tokens: Number.isFinite(coins) && coins > 0 ? Math.trunc(coins) : 0,
    member_kind: text(raw.member_kind),
  };
}

export function readStoredSession(): StoredSession {
  const token = readItem(STORAGE_KEYS.token);
  return { token: token || null, user: normalizeStoredUser(readJson<unknown>(STORAGE_KEYS.user)) };
}

export function writeStoredToken(token: string): void {
  writeItem(STORAGE_KEYS.token, token);
}

export function writeStoredUser(user: SessionUser): void {
  writeJson(STORAGE_KEYS.user, user);
}

/** Logout: token, user and the coin-related list go. */
export function clearStoredSession(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.user);
  removeItem(STORAGE_KEYS.commonCodes);
}
