import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TMemberRole } from '@velvet/contracts/admin/roles';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { createExpiringMap } from '../../lib/expiring-map.ts';
import { SUSPENDED_MESSAGE } from '../../services/members/suspension.ts';

/** What a Velvet access token carries. `sub` is the member id (the email). */
export interface AccessTokenClaims {
  sub: string;
  /** As signed; authenticate() replaces it with the member's current role from the database. */
  role: TMemberRole;
  /** Issue time in milliseconds (session revocation, see assertSessionCurrent); `iat` is in seconds. */
  iat_ms?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of routes that need a signed-in member (bearer or raw token, see tokenFromHeader). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook of routes open to guests that answer more to members (status, thumbnails): no
     * Authorization header = guest; a header with a bad token = 401, so the client logs in again.
     */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of admin-only console routes (grants, role changes): a signed-in admin, else 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of every other console route: a signed-in support person or admin, else 403. */
    requireSupport: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Signs an access token for a member. */
    signAccessToken: (claims: AccessTokenClaims) => string;
  }
}

export interface AuthOptions {
  secret: string;
  expiresIn: string;
  /**
   * The member behind a token, or null when it no longer exists or was deleted (its tokens are then
   * refused). The role comes from here, not from the token, so revoking an admin takes effect at once.
   */
  findActiveMember: (memberId: string) => Promise<ActiveMember | null>;
  /**
   * How long this process reuses a member it looked up (0 = look up on every request). The entry of a
   * member is dropped after any of their own writes (POST/PUT/PATCH/DELETE: nickname, deletion...),
   * and every entry after a support person's or admin's write (a suspension, a role change), in this
   * process; in another API process such a change takes effect within this many milliseconds.
   */
  memberCacheMs?: number;
}

/** A compact JWT: three base64url parts (the signature may be empty; verification refuses that). */
const RAW_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const BEARER = /^Bearer +(\S+)$/i;

/**
 * The token of the Authorization header: `Bearer <token>`, or the token alone, which spec section 7
 * says a few calls send (the wallet rate query among them). Anything else (`Bearer` alone, `Basic
 * x`, extra words) gives no token, so the guard answers 401.
 */
export function tokenFromHeader(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const bearer = BEARER.exec(header)?.[1];
  if (bearer !== undefined) return RAW_TOKEN.test(bearer) ? bearer : undefined;
  return RAW_TOKEN.test(header) ? header : undefined;
}

/** Entries kept at most; the map is emptied when this many are all in date (a burst of distinct members). */
const MEMBER_CACHE_MAX = 10_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ActiveMember = {
  role: AccessTokenClaims['role'];
  sessionsValidAfter?: Date | null;
  /** Set while support has the account suspended: every token is refused. */
  suspendedAt?: Date | null;
};

/**
 * findActiveMember with a short per-process memory of the members found (deleted ones are never kept).
 * Entries past their time are swept as new ones come (lib/expiring-map.ts), not held until the map fills.
 */
function cachedLookup(find: AuthOptions['findActiveMember'], ttlMs: number) {
  const entries = createExpiringMap<string, ActiveMember>({ ttlMs, max: MEMBER_CACHE_MAX });
  return {
    async find(memberId: string): Promise<ActiveMember | null> {
      if (ttlMs <= 0) return find(memberId);
      const now = Date.now();
      const hit = entries.get(memberId, now);
      if (hit) return hit;
      const member = await find(memberId);
      if (!member) {
        entries.delete(memberId);
        return null;
      }
      entries.set(
        memberId,
        {
          role: member.role,
          sessionsValidAfter: member.sessionsValidAfter ?? null,
          suspendedAt: member.suspendedAt ?? null,
        },
        now,
      );
      return member;
    },
    forget(memberId: string) {
      entries.delete(memberId);
    },
    clear() {
      entries.clear();
    },
  };
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, opts) {
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { expiresIn: opts.expiresIn },
      verify: { extractToken: tokenFromHeader },
    });

    app.decorate('signAccessToken', (claims: AccessTokenClaims) => app.jwt.sign(withIssueTime(claims)));

    const members = cachedLookup(opts.findActiveMember, opts.memberCacheMs ?? 0);
    if ((opts.memberCacheMs ?? 0) > 0) {
      // Before the reply leaves: the member's next request already sees what this one changed.
      app.addHook('onSend', async (request) => {
        if (!WRITE_METHODS.has(request.method)) return;
        const user = request.user as Partial<AccessTokenClaims> | undefined;
        if (!user?.sub) return;
        // A console write (suspension, role change) may change another member's access.
        if (user.role !== 'member') members.clear();
        else members.forget(user.sub);
      });
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch {
        throw new AppError(401, 'Login required');
      }
      const member = await members.find(request.user.sub);
      if (!member) throw new AppError(401, 'Login required');
      assertSessionCurrent(request.user, member);
      if (member.suspendedAt) throw new AppError(401, SUSPENDED_MESSAGE);
      request.user.role = member.role;
    });

    app.decorate('identify', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers.authorization) return;
      await app.authenticate(request, reply);
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.user.role !== 'admin') throw new AppError(403, 'Administrator access required');
    });

    app.decorate('requireSupport', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.user.role !== 'support' && request.user.role !== 'admin') {
        throw new AppError(403, 'Support access required');
      }
    });

    // Authentication before validation (docs/security.md "## Errors"): a guard runs in onRequest, so
    // a guest's malformed body to a protected route gets 401, never a 400 that describes the schema.
    // A guard a route declares at a later stage (preValidation, preHandler) is moved to onRequest.
    const guards = new Set<unknown>([app.authenticate, app.identify, app.requireAdmin, app.requireSupport]);
    app.addHook('onRoute', (route) => {
      const moved: onRequestHookHandler[] = [];
      for (const stage of ['preValidation', 'preHandler'] as const) {
        const hooks = route[stage];
        if (!hooks) continue;
        const list = (Array.isArray(hooks) ? hooks : [hooks]) as unknown[];
        const kept = list.filter((hook) => !guards.has(hook));
        if (kept.length === list.length) continue;
        moved.push(...(list.filter((hook) => guards.has(hook)) as onRequestHookHandler[]));
        (route as unknown as Record<string, unknown>)[stage] = kept.length > 0 ? kept : undefined;
      }
      if (moved.length === 0) return;
      const current = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...moved, ...current];
    });
  },
  { name: 'auth' },
);

// --- Session revocation (password reset: services/auth/password-reset.ts) ---
// Tokens are stateless JWTs; a member's `sessionsValidAfter` ends every token issued before it. The
// issue time is kept in milliseconds (iat_ms) so a token signed right after a reset, in the same
// second, stays valid while the ones signed before it do not.

/** The claims with their issue time in milliseconds. */
function withIssueTime(claims: AccessTokenClaims): AccessTokenClaims {
  return { ...claims, iat_ms: Date.now() };
}

/** 401 for a token issued before the member's sessions were revoked. */
function assertSessionCurrent(token: AccessTokenClaims & { iat?: number }, member: ActiveMember): void {
  const validAfter = member.sessionsValidAfter?.getTime();
  if (validAfter === undefined) return;
  const issuedAt = typeof token.iat_ms === 'number' ? token.iat_ms : (token.iat ?? 0) * 1000;
  if (issuedAt < validAfter) throw new AppError(401, 'Your session has ended. Please log in again.');
}
