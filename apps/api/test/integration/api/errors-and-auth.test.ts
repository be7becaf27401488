import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';

/** Test-only routes that exercise the shared error handler and the bearer guard. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          nicname: z.string().min(2, { message: 'nicname must be at least 2 characters' }),
          count: z.number().int(),
        }),
      },
    },
    async (request) => ({ status: 'ok', nicname: request.body.nicname }),
  );
  app.get('/api/test/crash', async () => {
    throw new Error('secret database password in a stack trace');
  });
  app.get('/api/test/gone', async () => {
    throw new AppError(404, 'Image not found');
  });
  app.get('/api/test/me', { preHandler: app.authenticate }, async (request) => ({ member_id: request.user.sub }));
  app.get('/api/test/admin', { preHandler: app.requireAdmin }, async () => ({ status: 'ok' }));
};

describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => app.register(probeRoutes));
  });
  afterAll(() => t.close());

  it('turns a validation error into 400 {status, message, field} naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { nicname: 'x', count: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'nicname must be at least 2 characters', field: 'nicname' });
  });

  it('names a missing field even when the schema message does not', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { nicname: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('count');
    expect(res.json().message).toContain('count');
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"nicname":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('hides the details of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });

  it('keeps the status and message of a deliberate error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Image not found' });
  });
});

describe('bearer-token guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => app.register(probeRoutes));
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('refuses a request without a token, or with a forged one, with 401', async () => {
    expect((await get('/api/test/me')).statusCode).toBe(401);
    const forged = t.app.jwt.sign(
      { sub: 'x@example.test', role: 'member' },
      { key: 'another-secret-of-enough-length-123456' },
    );
    const res = await get('/api/test/me', forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: 'Login required' });
  });

  it('lets a member with a valid token through', async () => {
    const member = await createMember(t.services.db);
    const token = t.app.signAccessToken({ sub: member.id, role: 'member' });
    const res = await get('/api/test/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ member_id: member.id });
  });

  it('refuses an expired token', async () => {
    const member = await createMember(t.services.db);
    const token = t.app.jwt.sign({ sub: member.id, role: 'member' }, { expiresIn: -10 });
    expect((await get('/api/test/me', token)).statusCode).toBe(401);
  });

  it('refuses the token of a deleted member', async () => {
    const member = await createMember(t.services.db, { deletedAt: new Date() });
    const token = t.app.signAccessToken({ sub: member.id, role: 'member' });
    expect((await get('/api/test/me', token)).statusCode).toBe(401);
  });

  it('takes the role from the member record, not from the token', async () => {
    const member = await createMember(t.services.db);
    const claimsAdmin = t.app.signAccessToken({ sub: member.id, role: 'admin' });
    expect((await get('/api/test/admin', claimsAdmin)).statusCode).toBe(403);
  });

  it('gives 403 to a member on an admin route and lets an admin in', async () => {
    const member = await createMember(t.services.db);
    const admin = await createMember(t.services.db, { role: 'admin' });
    expect((await get('/api/test/admin', t.app.signAccessToken({ sub: member.id, role: 'member' }))).statusCode).toBe(
      403,
    );
    expect((await get('/api/test/admin', t.app.signAccessToken({ sub: admin.id, role: 'admin' }))).statusCode).toBe(
      200,
    );
  });
});
