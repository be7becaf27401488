// Reads the signed-in member afresh and keeps the stored balance and tier in step: after a payment
// whose answer lacks one of them, and whenever the member event stream (re)opens. A failure changes
// nothing (a 401 has opened the login modal already).
import { accountApi } from '../features/account/api.ts';
import { updateUser } from '../features/auth/slice.ts';
import type { AppDispatch } from './store.ts';

export function refreshMemberStanding(dispatch: AppDispatch): void {
  void dispatch(accountApi.endpoints.getMember.initiate(undefined, { subscribe: false, forceRefetch: true }))
    .unwrap()
    // The role too: a session stored before roles existed (or before a grant) learns it here.
    .then(({ cur_tokens, member_kind, role }) =>
      dispatch(updateUser({ cur_tokens, member_kind, ...(role ? { role } : {}) })),
    )
    .catch(() => undefined);
}
