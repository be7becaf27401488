import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';

/** What a Velvet access token carries. `sub` is the member id (the email). */
export interface AccessTokenClaims {
  sub: string;
  role: 'member' | 'admin';
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in member (bearer token). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler for routes open to guests that answer more to members (status, thumbnails): no
     * Authorization header = guest; a header with a bad token = 401, so the client logs in again.
     */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler for support/admin routes: a signed-in admin, else 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  findActiveMember: (memberId: string) => Promise<{ role: AccessTokenClaims['role'] } | null>;
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, opts) {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresIn } });

    app.decorate('signAccessToken', (claims: AccessTokenClaims) => app.jwt.sign(claims));

    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch {
        throw new AppError(401, 'Login required');
      }
      const member = await opts.findActiveMember(request.user.sub);
      if (!member) throw new AppError(401, 'Login required');
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
  },
  { name: 'auth' },
);
