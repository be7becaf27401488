// Attack suite (b): an access matrix over every image route (an operation with an image id in its
// path) and every admin route, both read from the OpenAPI document. Callers: the owner, another
// member, a guest, a deleted member's token, an expired token, a tampered token (payload changed,
// signature kept), an `alg: none` token and a token signed with another secret. Expected: the owner
// gets their answer; nobody else sees or changes an unseen (unpublished or deleted) image: 404, the
// same answer as for an image that does not exist, and the image unchanged; admin routes answer
// 401 to guests and bad tokens and 403 to members, before looking at the input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  algNoneToken,
  foreignSecretToken,
  listOperations,
  sampleValue,
  seededRandom,
  send,
  shorten,
  tamperedToken,
  type Operation,
  type RawRequest,
} from '../../support/attack.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

const IMAGE_ID_PATTERN = '^[A-Za-z0-9]{32}00[1-4]$';

/** The operation's image-id path parameter, if it is an image route. */
const imageParam = (op: Operation) =>
  op.params.find((p) => p.in === 'path' && p.schema.pattern === IMAGE_ID_PATTERN)?.name;
const isAdminRoute = (op: Operation) => op.path.startsWith('/api/admin/');
const isImageRoute = (op: Operation) => !isAdminRoute(op) && imageParam(op) !== undefined;

/**
 * What the owner of an unpublished, finished image gets where it is not 200, and why. Every other
 * image route must answer the owner 200: a new route is held to that until it is listed here.
 */
const OWNER_ANSWERS: Record<string, { status: number; why: string }> = {
  'GET /api/v1/image/detail/{image_id}': { status: 404, why: 'the public picture exists only while published' },
  'GET /api/v2/likeimage/detail/{image_id}': {
    status: 404,
    why: 'the likes picture needs a like of a published image',
  },
  'POST /api/v2/image/report/{image_id}': { status: 404, why: 'only published images can be reported' },
};

type Caller =
  | 'owner'
  | 'other member'
  | 'guest'
  | 'deleted member'
  | 'expired token'
  | 'tampered token'
  | 'alg:none token'
  | 'foreign-secret token';
const STRANGERS: Caller[] = [
  'other member',
  'guest',
  'deleted member',
  'expired token',
  'tampered token',
  'alg:none token',
  'foreign-secret token',
];

describe('attack suite (b): access matrix over image and admin routes', () => {
  let t: TestApp;
  let operations: Operation[];
  const rnd = seededRandom(12);

  beforeAll(async () => {
    t = await createTestApp();
    operations = listOperations(t.app);
  });
  afterAll(() => t?.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const now = () => Math.floor(Date.now() / 1000);

  /** Headers of each caller, the forged ones all claiming to be `victim` (the owner, or an admin). */
  async function callers(victim: { id: string; role: 'member' | 'admin' }, victimToken: string) {
    const other = await createMember(t.services.db);
    const otherToken = t.app.signAccessToken({ sub: other.id, role: 'member' });
    const gone = await createMember(t.services.db, { role: victim.role });
    const goneToken = t.app.signAccessToken({ sub: gone.id, role: victim.role });
    await t.services.db.member.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const claims = { sub: victim.id, role: victim.role };
    const headers: Record<Caller, Record<string, string>> = {
      owner: bearer(victimToken),
      'other member': bearer(otherToken),
      guest: {},
      'deleted member': bearer(goneToken),
      'expired token': bearer(foreignSecretToken({ ...claims, iat: now() - 7200, exp: now() - 60 }, TEST_JWT_SECRET)),
      'tampered token': bearer(tamperedToken(otherToken, claims)),
      'alg:none token': bearer(algNoneToken(claims)),
      'foreign-secret token': bearer(foreignSecretToken(claims)),
    };
    return headers;
  }

  function request(op: Operation, pathValues: Record<string, string>, body?: unknown): RawRequest {
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(
        pathValues[name] ?? String(sampleValue(op.params.find((p) => p.name === name)?.schema, rnd, name)),
      ),
    );
    const payload = body !== undefined ? body : op.body ? sampleValue(op.body, rnd) : undefined;
    return {
      method: op.method,
      url,
      ...(payload !== undefined
        ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
        : {}),
    };
  }

  const sendAs = (req: RawRequest, auth: Record<string, string>) =>
    send(t.app, { ...req, headers: { ...req.headers, ...auth } });

  /** Everything about an image a stranger could change: its row and the rows hanging off it. */
  const snapshot = (imageId: string) =>
    t.services.db.image.findUnique({
      where: { imageId },
      include: { likes: true, views: true, downloads: true, claim: true, reports: true, holds: true },
    });

  it('finds the image and admin routes in the OpenAPI document', () => {
    expect(operations.filter(isImageRoute).length).toBeGreaterThanOrEqual(13);
    expect(operations.filter(isAdminRoute).length).toBeGreaterThanOrEqual(18);
  });

  it('never shows or changes an unseen image to anyone but its owner', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const cells = { checked: 0 };
    for (const op of operations.filter(isImageRoute)) {
      const param = imageParam(op)!;
      const owner = await createMember(t.services.db);
      const headers = await callers(
        { id: owner.id, role: 'member' },
        t.app.signAccessToken({ sub: owner.id, role: 'member' }),
      );
      const [unpublished, deleted] = await createCompleteImages(t.services, owner.id, 2);
      await t.services.db.image.update({
        where: { imageId: deleted! },
        data: { isDelete: true, deletedAt: new Date() },
      });
      const missing = `${'Z'.repeat(32)}001`;
      const route = `${op.method} ${op.path}`;

      for (const [state, imageId] of [
        ['unpublished', unpublished!],
        ['deleted', deleted!],
      ] as const) {
        const before = await snapshot(imageId);
        for (const caller of STRANGERS) {
          cells.checked++;
          const res = await sendAs(request(op, { [param]: imageId }), headers[caller]);
          const control = await sendAs(request(op, { [param]: missing }), headers[caller]);
          const line = (why: string) => `${route} [${caller}, ${state}] -> ${res.status} ${why}: ${shorten(res.body)}`;
          const tokenChecked = op.secured || res.status === 401;
          const expected =
            caller === 'other member' ? 404 : caller === 'guest' ? (op.secured ? 401 : 404) : tokenChecked ? 401 : 404;
          if (caller !== 'other member' && caller !== 'guest' && op.secured && res.status !== 401)
            failures.push(line('a bad token on a signed-in route must be 401'));
          else if (res.status !== expected) failures.push(line(`expected ${expected}`));
          else if (res.status !== control.status || res.body !== control.body)
            failures.push(line(`differs from a missing image (${control.status} ${shorten(control.body, 80)})`));
        }
        const after = await snapshot(imageId);
        if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${route} [strangers, ${state}] changed the image`);
      }

      cells.checked++;
      const res = await sendAs(request(op, { [param]: unpublished! }), headers.owner);
      const wanted = OWNER_ANSWERS[route]?.status ?? 200;
      if (res.status !== wanted)
        failures.push(`${route} [owner, unpublished] -> ${res.status} expected ${wanted}: ${shorten(res.body)}`);
    }
    console.log(
      `access matrix (images): ${cells.checked} cells, ${failures.length} failures${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it("keeps unseen images out of everyone else's gallery lists", async () => {
    const lists = operations.filter(
      (op) => op.method === 'GET' && op.tags.includes('galleries') && !op.params.some((p) => p.in === 'path'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(3);
    const owner = await createMember(t.services.db);
    const headers = await callers(
      { id: owner.id, role: 'member' },
      t.app.signAccessToken({ sub: owner.id, role: 'member' }),
    );
    const [unpublished, deleted] = await createCompleteImages(t.services, owner.id, 2);
    await t.services.db.image.update({ where: { imageId: deleted! }, data: { isDelete: true, deletedAt: new Date() } });
    const failures: string[] = [];
    for (const op of lists) {
      for (const caller of STRANGERS) {
        for (const query of ['', `?member_id=${encodeURIComponent(owner.id)}`, '?sort_by=Latest&limit=100']) {
          const res = await send(t.app, { method: 'GET', url: `${op.path}${query}`, headers: { ...headers[caller] } });
          if (res.body.includes(unpublished!) || res.body.includes(deleted!))
            failures.push(`${op.method} ${op.path}${query} [${caller}] -> ${res.status} lists an unseen image`);
          if (res.status >= 500) failures.push(`${op.method} ${op.path}${query} [${caller}] -> ${res.status}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it(
    'answers 401 to guests and bad tokens and 403 to members on every admin route, before reading the input',
    { timeout: 120_000 },
    async () => {
      const admin = await createMember(t.services.db, { role: 'admin' });
      const adminToken = t.app.signAccessToken({ sub: admin.id, role: 'admin' });
      const headers = await callers({ id: admin.id, role: 'admin' }, adminToken);
      const failures: string[] = [];
      let cells = 0;
      for (const op of operations.filter(isAdminRoute)) {
        const route = `${op.method} ${op.path}`;
        const valid = request(op, {});
        // The same request with every input wrong: a bad path id, an empty body, a bad page size.
        const invalidUrl =
          op.path.replace(/\{[^}]+\}/g, 'not%20an%20id') +
          (op.params.some((p) => p.in === 'query') ? '?limit=-5&page=x' : '');
        const invalid: RawRequest = {
          method: op.method,
          url: invalidUrl,
          ...(op.body ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
        };
        for (const caller of ['other member', ...STRANGERS.filter((c) => c !== 'other member')] as Caller[]) {
          const expected = caller === 'other member' ? 403 : 401;
          for (const [input, req] of [
            ['valid input', valid],
            ['invalid input', invalid],
          ] as const) {
            cells++;
            const res = await sendAs(req, headers[caller]);
            if (res.status !== expected)
              failures.push(
                `${route} [${caller === 'other member' ? 'member' : caller}, ${input}] -> ${res.status} expected ${expected}: ${shorten(res.body)}`,
              );
          }
        }
        cells++;
        const res = await sendAs(valid, headers.owner);
        if (res.status === 401 || res.status === 403 || res.status >= 500)
          failures.push(`${route} [admin, valid input] -> ${res.status}: ${shorten(res.body)}`);
      }
      console.log(
        `access matrix (admin): ${cells} cells, ${failures.length} failures${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}`,
      );
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );
});
