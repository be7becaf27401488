import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, signInKeys } from '../../../src/services/auth/rate-limit.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { GOOD_PASSWORD, registerThroughApi, uniqueMember } from '../../support/sessions.ts';

// Issue 12, part 3: failures slow down the (email, address) pair, the address and the email, with
// growing delays; nobody elsewhere can lock the owner out. Thresholds as in production.
const MAX_PER_IP = 20;
const MAX_PER_EMAIL = 10;

let lastOctets = 0;
/** A fresh client address for each use, so tests do not share counters. */
const address = () => {
  lastOctets += 1;
  return `10.12.${Math.floor(lastOctets / 250)}.${(lastOctets % 250) + 1}`;
};

describe('sign-in limits without lockouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_MAX_PER_IP: String(MAX_PER_IP),
      AUTH_RATE_LIMIT_MAX_PER_EMAIL: String(MAX_PER_EMAIL),
    });
  });
  afterAll(() => t.close());

  const login = (member_id: string, remoteAddress: string, member_pwd = 'wrong!pass1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/self-login', remoteAddress, payload: { member_id, member_pwd } });

  const owner = async () => {
    const res = await registerThroughApi(t.app, {}, address());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().member_id as string;
  };

  const expectRefused = (res: Awaited<ReturnType<typeof login>>, maxSeconds: number) => {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(maxSeconds);
    expect(res.json()).toEqual({
      status: 'error',
      message: `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
    return seconds;
  };

  it("an attacker's wrong passwords from one address do not stop the owner's correct password from another", async () => {
    const email = await owner();
    const attacker = address();
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await login(email, attacker);
      codes.push(res.statusCode);
      if (res.statusCode === 429) expectRefused(res, 1);
      else expect(res.json()).toMatchObject({ status: 'nopwd' });
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(SIGN_IN_LIMITS.pairFreeFailures);
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - SIGN_IN_LIMITS.pairFreeFailures);

    const res = await login(email, address(), GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', member_id: email });
  });

  it('delays grow for the pair (1 s, then 2 s), and the correct password resets them', async () => {
    const email = await owner();
    const from = address();
    for (let i = 0; i < SIGN_IN_LIMITS.pairFreeFailures; i += 1) {
      expect((await login(email, from)).json()).toMatchObject({ status: 'nopwd' });
    }
    expect(expectRefused(await login(email, from), 1)).toBe(1);
    await sleep(1100);
    expect((await login(email, from)).json()).toMatchObject({ status: 'nopwd' });
    expect(expectRefused(await login(email, from), 2)).toBe(2);
    // Refused attempts count for nothing: the wait does not grow while the attacker keeps knocking.
    expect(expectRefused(await login(email, from, GOOD_PASSWORD), 2)).toBeLessThanOrEqual(2);
    await sleep(2100);
    expect((await login(email, from, GOOD_PASSWORD)).json()).toMatchObject({ status: 'ok' });
    // The pair starts again from zero.
    for (let i = 0; i < SIGN_IN_LIMITS.pairFreeFailures; i += 1) {
      expect((await login(email, from)).statusCode).toBe(200);
    }
    expectRefused(await login(email, from), 1);
  });

  it('parallel guesses cannot slip past the count', async () => {
    const email = await owner();
    const from = address();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(email, from)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(SIGN_IN_LIMITS.pairFreeFailures);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(20 - SIGN_IN_LIMITS.pairFreeFailures);
  });

  it('many addresses guessing one email slow it down by at most 60 s, and the owner from a new address gets in after the stated wait', async () => {
    const email = await owner();
    for (let i = 0; i < MAX_PER_EMAIL; i += 1) {
      expect((await login(email, address())).json()).toMatchObject({ status: 'nopwd' });
    }
    // The email is now slowed down: a new address waits 1 s (2^0), whoever it is.
    const ownerAddress = address();
    expect(expectRefused(await login(email, ownerAddress, GOOD_PASSWORD), 1)).toBe(1);

    // Meanwhile the attack goes on from other addresses, each waiting its own turn.
    const attackers = Array.from({ length: 4 }, () => address());
    for (const from of attackers) expectRefused(await login(email, from), 1);
    await sleep(1100);
    for (const from of attackers) expect((await login(email, from)).json()).toMatchObject({ status: 'nopwd' });

    // 14 failures: a new address would now wait 16 s, but the owner's turn was fixed when it asked.
    expect((await login(email, ownerAddress, GOOD_PASSWORD)).json()).toMatchObject({ status: 'ok' });
    expect(expectRefused(await login(email, address(), GOOD_PASSWORD), 60)).toBe(16);
    // An address the owner signed in from is not slowed down by the email's count.
    expect((await login(email, ownerAddress, GOOD_PASSWORD)).json()).toMatchObject({ status: 'ok' });
  });

  it('the per-email wait stays within its stated cap however long the attack', async () => {
    const email = await owner();
    // A long attack, fast-forwarded: 40 failures on this email from elsewhere (2^30 s uncapped).
    await t.services.redis.hset(signInKeys(email, 'any').email, 'n', 40, 'last', Date.now());
    const seconds = expectRefused(await login(email, address(), GOOD_PASSWORD), 60);
    expect(seconds).toBe(SIGN_IN_LIMITS.emailMaxDelaySeconds);
  });

  it('limits failures per address across many emails, but not for a member who signed in from there before', async () => {
    const proxy = address();
    const member = await owner();
    expect((await login(member, proxy, GOOD_PASSWORD)).json()).toMatchObject({ status: 'ok' });

    for (let i = 0; i < MAX_PER_IP; i += 1) {
      expect((await login(uniqueMember().email, proxy)).json()).toMatchObject({ status: 'no' });
    }
    expectRefused(await login(uniqueMember().email, proxy), 1);
    // The member who signed in from this address before is not held back by strangers' failures.
    expect((await login(member, proxy, GOOD_PASSWORD)).json()).toMatchObject({ status: 'ok' });
    // Another address is not affected.
    expect((await login(uniqueMember().email, address())).json()).toMatchObject({ status: 'no' });
  });

  it('registration has a per-address limit', async () => {
    const from = address();
    for (let i = 0; i < MAX_PER_IP; i += 1) expect((await registerThroughApi(t.app, {}, from)).statusCode).toBe(200);
    const res = await registerThroughApi(t.app, {}, from);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many registration attempts\./);
    expect((await registerThroughApi(t.app, {}, address())).statusCode).toBe(200);
  });
});
