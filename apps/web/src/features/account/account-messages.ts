// Texts and outcomes of the account page (spec sections 3, 4 and 8), as pure functions.
import { ACCOUNT_DELETION_FLAGS, type AccountDeletionFlag } from '@velvet/contracts/client-state';
import type { TAccountDeletionFlags } from '@velvet/contracts/entities';
import type { TDeleteMemberResponse } from '@velvet/contracts/members/delete-member';
import type { TUpdateMemberResponse } from '@velvet/contracts/members/update-member';
import { apiFailureMessage } from '../../lib/api-error.ts';

export const ACCOUNT_MESSAGES = {
  nicknameUpdated: 'Your nickname has been updated.',
  nicknameFailed: 'Failed to update nickname',
  nicknameException: 'An error occurred while updating your nickname',
  deleteFailed: 'Failed to delete account',
  deleteException: 'An error occurred while deleting your account',
  accountDeleted: 'Your account has been deleted.',
  loadFailed: 'Your account details could not be loaded.',
} as const;

/** The four acknowledgements of the delete-account dialog, in the order shown. */
export const ACCOUNT_DELETION_TEXTS: Record<AccountDeletionFlag, string> = {
  accountDeletion: 'I understand that my account will be permanently deleted.',
  coinsLoss: 'I understand that all my remaining coins will be lost and cannot be refunded.',
  loginRestriction: 'I understand that I will no longer be able to log in to this account.',
  emailRestriction: 'I understand that this email address cannot be used to register again.',
};

export const ACCOUNT_DELETION_ITEMS = ACCOUNT_DELETION_FLAGS.map((flag) => ({
  flag,
  text: ACCOUNT_DELETION_TEXTS[flag],
}));

export function toggleDeletionFlag(
  flags: TAccountDeletionFlags,
  flag: AccountDeletionFlag,
  checked: boolean,
): TAccountDeletionFlags {
  return { ...flags, [flag]: checked };
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** PUT /api/members answered 200: the saved nickname, or the message of a refusal. */
export function nicknameResult(response: TUpdateMemberResponse): Result<string> {
  if (response.status === 'success' && typeof response.nicname === 'string')
    return { ok: true, value: response.nicname };
  return { ok: false, message: response.message || ACCOUNT_MESSAGES.nicknameFailed };
}

export function nicknameFailureMessage(error: unknown): string {
  return apiFailureMessage(error, {
    refused: ACCOUNT_MESSAGES.nicknameFailed,
    exception: ACCOUNT_MESSAGES.nicknameException,
  });
}

/** DELETE /api/members/delete answered 200: success, or the message of a refusal. */
export function deletionResult(response: TDeleteMemberResponse): Result<null> {
  if (response.status === 'success') return { ok: true, value: null };
  return { ok: false, message: response.message || ACCOUNT_MESSAGES.deleteFailed };
}

export function deletionFailureMessage(error: unknown): string {
  return apiFailureMessage(error, {
    refused: ACCOUNT_MESSAGES.deleteFailed,
    exception: ACCOUNT_MESSAGES.deleteException,
  });
}

/** The membership end as a date, e.g. 'March 5, 2026'; null when there is none or it is unreadable. */
export function formatMembershipExpiry(
  iso: string | null | undefined,
  options: { locale?: string; timeZone?: string } = {},
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const { locale = 'en-US', timeZone } = options;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}
