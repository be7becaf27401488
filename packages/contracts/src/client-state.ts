// Initial client states and plain helpers of the entities in entities.ts, with no zod: the web app's
// first paint imports these (the gallery slice's initial state) without loading the schema library.
// entities.ts re-exports everything here, and its schemas describe these shapes.
import { DEFAULT_SORT } from './options.ts';
import type { TAccountDeletionFlags, TGalleryState, TModalState } from './entities.ts';

/** The four acknowledgements of the delete-account dialog. */
export const ACCOUNT_DELETION_FLAGS = ['accountDeletion', 'coinsLoss', 'loginRestriction', 'emailRestriction'] as const;
export type AccountDeletionFlag = (typeof ACCOUNT_DELETION_FLAGS)[number];

/** The dialog opens with every box cleared. */
export function createAccountDeletionFlags(): TAccountDeletionFlags {
  return { accountDeletion: false, coinsLoss: false, loginRestriction: false, emailRestriction: false };
}

/** Delete is enabled only when all four boxes are ticked. */
export function isAccountDeletionConfirmed(flags: TAccountDeletionFlags): boolean {
  return ACCOUNT_DELETION_FLAGS.every((flag) => flags[flag]);
}

/** The state every gallery opens with, and returns to when filter or sort changes. */
export function createInitialGalleryState(): TGalleryState {
  return {
    images: [],
    page: 1,
    loading: false,
    hasMore: true,
    filter: 'ALL',
    sort_by: DEFAULT_SORT,
    totalCount: 0,
    run_type: 'ALL',
  };
}

/** The global modals; each opens and closes on its own, and a reset closes them all. */
export const MODAL_NAMES = ['login', 'logout', 'payment', 'paymentKind', 'walletCreation'] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export function createClosedModalState(): TModalState {
  return { login: false, logout: false, payment: false, paymentKind: false, walletCreation: false };
}

export const TOAST_KINDS = ['success', 'error', 'info'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
