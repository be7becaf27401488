// The support console's Members and Audit log (issue 15): roles in the token and the session, search
// with keyset paging, the coin adjustment (through the ledger, once per request_id, never below zero),
// mute / suspend / restore (a suspended member is refused), role changes (admins only), and one audit
// row per action.
import { randomUUID } from 'node:crypto';
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED_MESSAGE } from '../../../src/services/members/suspension.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { bearer, GOOD_PASSWORD, registerThroughApi } from '../../support/sessions.ts';

let t: TestApp;
let admin: { id: string; headers: Record<string, string> };
let support: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMember(t.services.db, { role: 'admin' });
  admin = { id: a.id, headers: bearer(t.app.signAccessToken({ sub: a.id, role: 'admin' })) };
  const s = await createMember(t.services.db, { role: 'support' });
  support = { id: s.id, headers: bearer(t.app.signAccessToken({ sub: s.id, role: 'support' })) };
});
afterAll(() => t.close());

const db = () => t.services.db;
const path = (p: string, memberId: string) => apiPath(p, { member_id: memberId });
const auditRows = (memberId: string, action?: string) =>
  db().auditEntry.findMany({ where: { targetType: 'member', targetId: memberId, ...(action ? { action } : {}) } });

/** Decodes a JWT's claims (no verification: the test only reads what was signed). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { role: string };

async function memberWithCoins(coins: number) {
  const m = await createMember(db());
  if (coins > 0) {
    await db().$transaction(async (tx) => {
      await tx.member.update({ where: { id: m.id }, data: { coinBalance: coins } });
      await tx.ledgerEntry.create({
        data: { memberId: m.id, delta: coins, balanceAfter: coins, reason: 'welcome', idempotencyKey: `seed:${m.id}` },
      });
    });
  }
  return m;
}

describe('roles in the token and the session', () => {
  it('sign-in, GET /api/members and the token carry the role the admin granted', async () => {
    const reg = await registerThroughApi(t.app);
    const session = reg.json();
    expect(session.role).toBe('member');
    expect(claimsOf(session.token).role).toBe('member');

    const grant = await t.app.inject({
      method: 'PUT',
      url: path(API_PATHS.adminMemberRole, session.member_id),
      headers: admin.headers,
      payload: { role: 'support', reason: 'New support hire' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().member.role).toBe('support');

    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.selfLogin,
      payload: { member_id: session.member_id, member_pwd: GOOD_PASSWORD },
    });
    expect(login.json()).toMatchObject({ status: 'ok', role: 'support' });
    expect(claimsOf(login.json().token).role).toBe('support');
    // The old token (signed as a member) opens the console now: the database is authoritative.
    const me = await t.app.inject({ method: 'GET', url: API_PATHS.getMember, headers: bearer(session.token) });
    expect(me.json().role).toBe('support');
    const console = await t.app.inject({ method: 'GET', url: API_PATHS.adminMembers, headers: bearer(session.token) });
    expect(console.statusCode).toBe(200);
  });

  it('a role change is admin-only: support gets 403 and nothing changes', async () => {
    const m = await createMember(db());
    const res = await t.app.inject({
      method: 'PUT',
      url: path(API_PATHS.adminMemberRole, m.id),
      headers: support.headers,
      payload: { role: 'admin', reason: 'Promote myself a friend' },
    });
    expect(res.statusCode).toBe(403);
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).role).toBe('member');
    expect(await auditRows(m.id)).toHaveLength(0);
  });

  it('the same role again is a 409 saying who set it; the audit row keeps before and after', async () => {
    const m = await createMember(db());
    const body = { role: 'support', reason: 'Joins the team' };
    const first = await t.app.inject({
      method: 'PUT',
      url: path(API_PATHS.adminMemberRole, m.id),
      headers: admin.headers,
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: path(API_PATHS.adminMemberRole, m.id),
      headers: admin.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(new RegExp(`^Already handled: role is already support by ${admin.id} at `));
    const rows = await auditRows(m.id, 'member.change_role');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin', note: 'Joins the team' });
    expect(rows[0]!.before).toMatchObject({ role: 'member' });
    expect(rows[0]!.after).toMatchObject({ role: 'support' });
  });
});

describe('members search', () => {
  it('finds by the start of a nickname or email in any case, newest first, keyset paged', async () => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createMember(db(), { nickname: `${tag}Nick${i}` }));
    const byEmail = await createMember(db(), { id: `${tag}-mail@example.test`, nickname: `other${tag}` });

    const first = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.adminMembers}?q=${tag.toUpperCase()}&limit=2`,
      headers: support.headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items).toHaveLength(2);
    expect(first.json().next_cursor).toEqual(expect.any(String));
    const second = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.adminMembers}?q=${tag}&limit=2&cursor=${first.json().next_cursor}`,
      headers: support.headers,
    });
    expect(second.json().next_cursor).toBeNull();
    const ids = [...first.json().items, ...second.json().items].map((m: { member_id: string }) => m.member_id);
    expect(new Set(ids)).toEqual(new Set([...made.map((m) => m.id), byEmail.id]));
    // Newest first.
    expect(ids[0]).toBe(byEmail.id);
  });

  it('a bad cursor or limit is a 400 naming the field', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.adminMembers}?cursor=nonsense`,
      headers: support.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('cursor');
    const limit = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.adminMembers}?limit=500`,
      headers: support.headers,
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().field).toBe('limit');
  });

  it('the profile shows balance, tier and standing; the ledger history pages newest first', async () => {
    const m = await memberWithCoins(30);
    for (const [i, delta] of [5, -3, 7].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: path(API_PATHS.adminMemberCoins, m.id),
        headers: support.headers,
        payload: { delta, reason: `Adjustment number ${i}`, request_id: `profile-${i}-${m.id}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: path(API_PATHS.adminMember, m.id),
      headers: support.headers,
    });
    expect(profile.json().member).toMatchObject({
      member_id: m.id,
      cur_tokens: 39,
      member_kind: 'free',
      role: 'member',
      suspended_at: null,
    });
    const page1 = await t.app.inject({
      method: 'GET',
      url: `${path(API_PATHS.adminMemberLedger, m.id)}?limit=2`,
      headers: support.headers,
    });
    expect(page1.json().items.map((e: { delta: number }) => e.delta)).toEqual([7, -3]);
    const page2 = await t.app.inject({
      method: 'GET',
      url: `${path(API_PATHS.adminMemberLedger, m.id)}?limit=2&cursor=${page1.json().next_cursor}`,
      headers: support.headers,
    });
    expect(page2.json().items.map((e: { delta: number }) => e.delta)).toEqual([5, 30]);
    expect(page2.json().next_cursor).toBeNull();
    const missing = await t.app.inject({
      method: 'GET',
      url: path(API_PATHS.adminMember, 'nobody@example.test'),
      headers: support.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('coin adjustment', () => {
  const adjust = (memberId: string, payload: Record<string, unknown>, headers = support.headers) =>
    t.app.inject({ method: 'POST', url: path(API_PATHS.adminMemberCoins, memberId), headers, payload });

  it('posts once for a repeated request_id, even at the same time, with one audit row', async () => {
    const m = await memberWithCoins(10);
    const body = { delta: 25, reason: 'Goodwill for a failed run', request_id: `r-${randomUUID()}` };
    const [a, b] = await Promise.all([adjust(m.id, body), adjust(m.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().posted, b.json().posted].sort()).toEqual([false, true]);
    const again = await adjust(m.id, body);
    expect(again.json()).toMatchObject({ posted: false, cur_tokens: 35 });
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).coinBalance).toBe(35);
    const entries = await db().ledgerEntry.findMany({ where: { memberId: m.id, reason: 'admin_adjustment' } });
    expect(entries).toHaveLength(1);
    const rows = await auditRows(m.id, 'member.adjust_coins');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: support.id, actorRole: 'support', note: 'Goodwill for a failed run' });
    expect(rows[0]!.before).toEqual({ cur_tokens: 10 });
    expect(rows[0]!.after).toMatchObject({ cur_tokens: 35, delta: 25 });
  });

  it('never takes the balance below zero: 409 with the balance, nothing posted or audited', async () => {
    const m = await memberWithCoins(10);
    const res = await adjust(m.id, { delta: -11, reason: 'Chargeback recovery', request_id: `r-${randomUUID()}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The balance is 10 coins: taking 11 would go below zero.',
      field: 'delta',
    });
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).coinBalance).toBe(10);
    expect(await auditRows(m.id)).toHaveLength(0);
    const exact = await adjust(m.id, { delta: -10, reason: 'Chargeback recovery', request_id: `r-${randomUUID()}` });
    expect(exact.json()).toMatchObject({ posted: true, cur_tokens: 0 });
  });

  it('a reason under 5 characters, a zero or fractional delta, no request_id: 400 naming the field', async () => {
    const m = await memberWithCoins(10);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ delta: 5, reason: 'oops', request_id: 'x1' }, 'reason'],
      [{ delta: 5, request_id: 'x1' }, 'reason'],
      [{ delta: 0, reason: 'Valid reason', request_id: 'x1' }, 'delta'],
      [{ delta: 1.5, reason: 'Valid reason', request_id: 'x1' }, 'delta'],
      [{ delta: 5, reason: 'Valid reason' }, 'request_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await adjust(m.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).coinBalance).toBe(10);
  });
});

describe('mute, suspend, restore', () => {
  const act = (
    action: 'adminMemberMute' | 'adminMemberSuspend' | 'adminMemberRestore',
    memberId: string,
    headers = support.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: path(API_PATHS[action], memberId),
      headers,
      payload: { reason: `Console ${action} test` },
    });

  it('mute: the member cannot generate; a second mute is a 409 saying who and when; restore lifts it', async () => {
    const m = await createMember(db());
    const muted = await act('adminMemberMute', m.id);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json().member.muted_until).toEqual(expect.any(String));
    const again = await act('adminMemberMute', m.id, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(new RegExp(`^Already handled: muted until .* UTC by ${support.id} at `));
    const restored = await act('adminMemberRestore', m.id);
    expect(restored.json().member.muted_until).toBeNull();
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).mutedUntil).toBeNull();
    const nothing = await act('adminMemberRestore', m.id);
    expect(nothing.statusCode).toBe(409);
    expect((await auditRows(m.id)).map((r) => r.action).sort()).toEqual(['member.mute', 'member.restore']);
    const events = await db().promptSafetyEvent.findMany({ where: { memberId: m.id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.outcome)).toEqual(['muted', 'mute_lifted']);
    // The same entries as a mute from Moderation and a lift from the Safety screen write.
    expect(events.map((e) => [e.category, e.rule.split(':').slice(0, 2).join(':')])).toEqual([
      ['moderation', `muted-by:${support.id}`],
      ['moderation', `lifted-by:${support.id}`],
    ]);
  });

  it('suspend: sign-in and the token are refused with a clear message until restored', async () => {
    const reg = (await registerThroughApi(t.app)).json();
    const headers = bearer(reg.token);
    const suspended = await act('adminMemberSuspend', reg.member_id);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().member.suspended_at).toEqual(expect.any(String));

    const me = await t.app.inject({ method: 'GET', url: API_PATHS.getMember, headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ status: 'error', message: SUSPENDED_MESSAGE });
    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.selfLogin,
      payload: { member_id: reg.member_id, member_pwd: GOOD_PASSWORD },
    });
    expect(login.json()).toEqual({ status: 'nopwd', message: SUSPENDED_MESSAGE });
    // The wrong password still says only that.
    const wrong = await t.app.inject({
      method: 'POST',
      url: API_PATHS.selfLogin,
      payload: { member_id: reg.member_id, member_pwd: 'Wrong!pass1' },
    });
    expect(wrong.json().message).not.toBe(SUSPENDED_MESSAGE);

    const twice = await act('adminMemberSuspend', reg.member_id, admin.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(new RegExp(`^Already handled: suspended by ${support.id} at `));

    expect((await act('adminMemberRestore', reg.member_id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.getMember, headers })).statusCode).toBe(200);
    const rows = await auditRows(reg.member_id);
    expect(rows.map((r) => r.action).sort()).toEqual(['member.restore', 'member.suspend']);
    const suspendRow = rows.find((r) => r.action === 'member.suspend')!;
    expect(suspendRow.before).toMatchObject({ suspended: false });
    expect(suspendRow.after).toMatchObject({ suspended: true });
  });

  it('a reason is mandatory (400 naming reason) and an unknown member is a 404', async () => {
    const m = await createMember(db());
    const res = await t.app.inject({
      method: 'POST',
      url: path(API_PATHS.adminMemberSuspend, m.id),
      headers: support.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('reason');
    expect((await act('adminMemberSuspend', 'nobody@example.test')).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('lists console actions newest first, filtered by actor, action, target and dates, keyset paged', async () => {
    const m = await memberWithCoins(100);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: path(API_PATHS.adminMemberCoins, m.id),
        headers: support.headers,
        payload: { delta: i + 1, reason: `Audit entry ${i}`, request_id: `audit-${i}-${m.id}` },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: path(API_PATHS.adminMemberMute, m.id),
      headers: admin.headers,
      payload: { reason: 'Audit mute' },
    });
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `${API_PATHS.adminAudit}?${query}`, headers: support.headers });

    const all = await list(`target_type=member&target_id=${encodeURIComponent(m.id)}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items.map((e: { action: string }) => e.action)).toEqual([
      'member.mute',
      'member.adjust_coins',
      'member.adjust_coins',
      'member.adjust_coins',
    ]);
    const bySupport = await list(`actor=${encodeURIComponent(support.id)}&target_id=${encodeURIComponent(m.id)}`);
    expect(bySupport.json().items).toHaveLength(3);
    const byAction = await list(`action=member.mute&target_id=${encodeURIComponent(m.id)}`);
    expect(byAction.json().items).toHaveLength(1);
    expect(byAction.json().items[0]).toMatchObject({ actor_id: admin.id, actor_role: 'admin', note: 'Audit mute' });

    const page1 = await list(`target_id=${encodeURIComponent(m.id)}&limit=3`);
    const page2 = await list(`target_id=${encodeURIComponent(m.id)}&limit=3&cursor=${page1.json().next_cursor}`);
    expect(page1.json().items).toHaveLength(3);
    expect(page2.json().items).toHaveLength(1);
    expect(page2.json().next_cursor).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`target_id=${encodeURIComponent(m.id)}&from=${today}&to=${today}`)).json().items).toHaveLength(
      4,
    );
    expect((await list(`target_id=${encodeURIComponent(m.id)}&to=2000-01-01`)).json().items).toHaveLength(0);
    const badDate = await list('from=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().field).toBe('from');
    const badType = await list('target_type=planet');
    expect(badType.json().field).toBe('target_type');
  });
});
