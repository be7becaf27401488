import { describe, expect, it } from 'vitest';
import { accountApi } from '../features/account/api.ts';
import { clearSession } from '../features/auth/slice.ts';
import { makeStore } from './store.ts';

const member = {
  status: 'ok' as const,
  member_id: 'a@b.c',
  email: 'a@b.c',
  nicname: 'Aa',
  picture: '',
  cur_tokens: 5,
  member_kind: 'free',
  membership_expires_at: null,
};

describe('store', () => {
  it('logout drops the API cache, so one member never sees the last one', async () => {
    const store = makeStore();
    await store.dispatch(accountApi.util.upsertQueryData('getMember', undefined, member));
    expect(accountApi.endpoints.getMember.select()(store.getState()).data).toEqual(member);

    store.dispatch(clearSession());
    expect(accountApi.endpoints.getMember.select()(store.getState()).data).toBeUndefined();
  });
});
