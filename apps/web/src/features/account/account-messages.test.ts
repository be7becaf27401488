import { createAccountDeletionFlags, isAccountDeletionConfirmed } from '@velvet/contracts/entities';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_ITEMS,
  ACCOUNT_MESSAGES,
  deletionFailureMessage,
  deletionResult,
  formatMembershipExpiry,
  nicknameFailureMessage,
  nicknameResult,
  toggleDeletionFlag,
} from './account-messages.ts';

describe('delete-account acknowledgements', () => {
  it('lists the four flags with their texts, in order', () => {
    expect(ACCOUNT_DELETION_ITEMS).toEqual([
      { flag: 'accountDeletion', text: 'I understand that my account will be permanently deleted.' },
      { flag: 'coinsLoss', text: 'I understand that all my remaining coins will be lost and cannot be refunded.' },
      { flag: 'loginRestriction', text: 'I understand that I will no longer be able to log in to this account.' },
      { flag: 'emailRestriction', text: 'I understand that this email address cannot be used to register again.' },
    ]);
  });

  it('starts cleared, and Delete is enabled only once all four are ticked', () => {
    let flags = createAccountDeletionFlags();
    expect(Object.values(flags)).toEqual([false, false, false, false]);
    for (const [index, { flag }] of ACCOUNT_DELETION_ITEMS.entries()) {
      expect(isAccountDeletionConfirmed(flags)).toBe(false);
      flags = toggleDeletionFlag(flags, flag, true);
      expect(isAccountDeletionConfirmed(flags)).toBe(index === ACCOUNT_DELETION_ITEMS.length - 1);
    }
    expect(isAccountDeletionConfirmed(toggleDeletionFlag(flags, 'coinsLoss', false))).toBe(false);
  });

  it('toggling returns a new object', () => {
    const flags = createAccountDeletionFlags();
    expect(toggleDeletionFlag(flags, 'coinsLoss', true)).not.toBe(flags);
    expect(flags.coinsLoss).toBe(false);
  });
});

describe('nickname outcomes', () => {
  it('success gives the saved nickname', () => {
    expect(nicknameResult({ status: 'success', nicname: 'Nova' })).toEqual({ ok: true, value: 'Nova' });
  });

  it('a refusal shows the server message, else the fallback', () => {
    expect(nicknameResult({ status: 'no', message: 'Taken' } as never)).toEqual({ ok: false, message: 'Taken' });
    expect(nicknameResult({ status: 'no' } as never)).toEqual({ ok: false, message: 'Failed to update nickname' });
    expect(
      nicknameFailureMessage({ status: 409, data: { status: 'error', message: 'This nickname is already taken.' } }),
    ).toBe('This nickname is already taken.');
    expect(nicknameFailureMessage({ status: 400, data: null })).toBe('Failed to update nickname');
  });

  it('an exception has its own message', () => {
    expect(nicknameFailureMessage({ status: 'FETCH_ERROR', error: 'offline' })).toBe(
      'An error occurred while updating your nickname',
    );
    expect(nicknameFailureMessage({ status: 502, data: null })).toBe(ACCOUNT_MESSAGES.nicknameException);
  });
});

describe('deletion outcomes', () => {
  it('success', () => {
    expect(deletionResult({ status: 'success' })).toEqual({ ok: true, value: null });
  });

  it('a refusal shows the server message, else the fallback; an exception its own message', () => {
    expect(deletionResult({ status: 'no', message: 'Nope' } as never)).toEqual({ ok: false, message: 'Nope' });
    expect(deletionFailureMessage({ status: 403, data: { message: 'Admins cannot be deleted.' } })).toBe(
      'Admins cannot be deleted.',
    );
    expect(deletionFailureMessage({ status: 404, data: {} })).toBe('Failed to delete account');
    expect(deletionFailureMessage({ status: 'FETCH_ERROR', error: 'offline' })).toBe(
      'An error occurred while deleting your account',
    );
  });
});

describe('formatMembershipExpiry', () => {
  it('shows the date', () => {
    expect(formatMembershipExpiry('2026-03-05T12:00:00.000Z', { timeZone: 'UTC' })).toBe('March 5, 2026');
  });

  it('nothing for Free members or an unreadable value', () => {
    expect(formatMembershipExpiry(null)).toBeNull();
    expect(formatMembershipExpiry('')).toBeNull();
    expect(formatMembershipExpiry('soon')).toBeNull();
  });
});
