import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../errors.ts';

export interface AttemptLimit {
  /** What is limited, e.g. 'ip:203.0.113.9' or 'email:ann@example.com'. */
  key: string;
  max: number;
  windowSeconds: number;
}

// INCR and set the window's expiry on the first hit, atomically.
const CONSUME = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('TTL', KEYS[1]) }`;

function retryText(seconds: number): string {
  if (seconds <= 60) return 'in a minute';
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one attempt against every limit (fixed windows in Redis, shared by all API instances) and
 * throws 429 with a clear message when any is exceeded.
 */
export async function consumeAttempts(redis: Redis, scope: string, limits: AttemptLimit[], what: string) {
  for (const limit of limits) {
    const [count, ttl] = (await redis.eval(CONSUME, 1, `ratelimit:${scope}:${limit.key}`, limit.windowSeconds)) as [
      number,
      number,
    ];
    if (count > limit.max) {
      const retryAfter = ttl > 0 ? ttl : limit.windowSeconds;
      throw new RateLimitError(`Too many ${what}. Please try again ${retryText(retryAfter)}.`, retryAfter);
    }
  }
}

/** Registration and Google sign-in: attempts per client IP in a fixed window (no per-email limit). */
export function perIpAttemptLimit(config: AppConfig, ip: string): AttemptLimit[] {
  return [
    { key: `ip:${ip}`, max: config.AUTH_RATE_LIMIT_MAX_PER_IP, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS },
  ];
}

export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'RateLimitError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

// ---------------------------------------------------------------------------------------------
// Password sign-in: growing delays instead of lockouts (docs/security.md, "Sign-in limits").

/** The fixed parts of the password sign-in limits; the thresholds and the memory come from config. */
export const SIGN_IN_LIMITS = {
  /** Failures for one (email, address) pair before delays start: then 1 s, 2 s, 4 s... */
  pairFreeFailures: 5,
  pairMaxDelaySeconds: 900,
  /** The per-IP delay (across emails) never exceeds this. */
  ipMaxDelaySeconds: 300,
  /**
   * The per-email delay (across all addresses) never exceeds this: it is the longest an attacker
   * elsewhere can hold the owner's correct password back from a new address.
   */
  emailMaxDelaySeconds: 60,
  /** A successful sign-in makes its (email, address) pair known for this long. */
  knownAddressSeconds: 30 * 24 * 3600,
} as const;

export interface SignInPolicy {
  pairFreeFailures: number;
  pairMaxDelaySeconds: number;
  ipFreeFailures: number;
  ipMaxDelaySeconds: number;
  emailFreeFailures: number;
  emailMaxDelaySeconds: number;
  /** A counter is forgotten this long after its delay cap has passed with no new failure. */
  forgetAfterSeconds: number;
  knownAddressSeconds: number;
}

export function signInPolicy(config: AppConfig): SignInPolicy {
  return {
    ...SIGN_IN_LIMITS,
    ipFreeFailures: config.AUTH_RATE_LIMIT_MAX_PER_IP,
    emailFreeFailures: config.AUTH_RATE_LIMIT_MAX_PER_EMAIL,
    forgetAfterSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  };
}

export const signInRefusal = (seconds: number) =>
  `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/*
 * One script, so that checking and counting are one step for every API instance (parallel guesses
 * cannot slip in between). The clock is Redis's. An allowed attempt is counted as a failure at once;
 * a correct password takes it back (SUCCEED).
 *
 * KEYS: pair, ip, email (hashes n/last), gate (the pair's ticket when the email is slowed down), known.
 * ARGV: pairFree, pairCap, ipFree, ipCap, emailFree, emailCap, forgetAfter (seconds).
 * Returns { 1, 0 } when allowed, else { 0, seconds to wait }.
 */
const ATTEMPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local pairFree, pairCap = tonumber(ARGV[1]), tonumber(ARGV[2])
local ipFree, ipCap = tonumber(ARGV[3]), tonumber(ARGV[4])
local emailFree, emailCap = tonumber(ARGV[5]), tonumber(ARGV[6])
local forget = tonumber(ARGV[7])

local function delay(n, free, cap)
  if n < free then return 0 end
  return math.min(2 ^ (n - free), cap) * 1000
end
local function left(key, free, cap)
  local v = redis.call('HMGET', key, 'n', 'last')
  local d = delay(tonumber(v[1]) or 0, free, cap)
  if d == 0 then return 0 end
  return math.max(0, (tonumber(v[2]) or 0) + d - now)
end

local known = redis.call('EXISTS', KEYS[5]) == 1
local wait = left(KEYS[1], pairFree, pairCap)
local ticket = 0
if not known then
  wait = math.max(wait, left(KEYS[2], ipFree, ipCap))
  ticket = delay(tonumber(redis.call('HGET', KEYS[3], 'n')) or 0, emailFree, emailCap)
  if ticket > 0 then
    local at = tonumber(redis.call('GET', KEYS[4]))
    if not at then
      redis.call('SET', KEYS[4], now + ticket, 'PX', (emailCap + forget) * 1000)
      wait = math.max(wait, ticket)
    elseif at > now then
      wait = math.max(wait, at - now)
    end
  end
end
if wait > 0 then return { 0, math.ceil(wait / 1000) } end

local caps = { pairCap, ipCap, emailCap }
for i = 1, 3 do
  redis.call('HINCRBY', KEYS[i], 'n', 1)
  redis.call('HSET', KEYS[i], 'last', now)
  redis.call('EXPIRE', KEYS[i], caps[i] + forget)
end
if ticket > 0 then redis.call('SET', KEYS[4], now + ticket, 'PX', (emailCap + forget) * 1000) end
return { 1, 0 }`;

// KEYS: pair, ip, email, known. ARGV: knownSeconds.
const SUCCEED = `
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if (tonumber(redis.call('HGET', KEYS[i], 'n')) or 0) > 0 then redis.call('HINCRBY', KEYS[i], 'n', -1) end
end
redis.call('SET', KEYS[4], '1', 'EX', ARGV[1])
return 1`;

/** Where the sign-in counters of an email and address live in Redis. */
export function signInKeys(email: string, ip: string) {
  const e = createHash('sha256').update(email).digest('hex').slice(0, 32);
  return {
    pair: `signin:pair:${e}:${ip}`,
    ip: `signin:ip:${ip}`,
    email: `signin:email:${e}`,
    gate: `signin:gate:${e}:${ip}`,
    known: `signin:known:${e}:${ip}`,
  };
}

export interface SignInAttempt {
  /** The password was right: forget the pair's failures and remember the address for this email. */
  succeeded(): Promise<void>;
}

/**
 * Admits one password attempt for (email, ip) or throws 429 with Retry-After. Delays grow with the
 * failures of the pair, of the address (across emails) and of the email (across addresses); the
 * last two are skipped for an address this email already signed in from, and the email's delay is a
 * ticket per address, so failures elsewhere hold the owner back for at most emailMaxDelaySeconds.
 */
export async function admitSignInAttempt(
  redis: Redis,
  policy: SignInPolicy,
  email: string,
  ip: string,
): Promise<SignInAttempt> {
  const keys = signInKeys(email, ip);
  const [allowed, waitSeconds] = (await redis.eval(
    ATTEMPT,
    5,
    keys.pair,
    keys.ip,
    keys.email,
    keys.gate,
    keys.known,
    policy.pairFreeFailures,
    policy.pairMaxDelaySeconds,
    policy.ipFreeFailures,
    policy.ipMaxDelaySeconds,
    policy.emailFreeFailures,
    policy.emailMaxDelaySeconds,
    policy.forgetAfterSeconds,
  )) as [number, number];
  if (allowed !== 1) {
    const seconds = Math.max(1, waitSeconds);
    throw new RateLimitError(signInRefusal(seconds), seconds);
  }
  return {
    async succeeded() {
      await redis.eval(SUCCEED, 4, keys.pair, keys.ip, keys.email, keys.known, policy.knownAddressSeconds);
    },
  };
}
