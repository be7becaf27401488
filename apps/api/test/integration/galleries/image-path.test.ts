// GET /api/v2/image/{x} (spec section 7, "Also GET /api/v2/image/{x}"): the owner's picture, under the
// same rules as GET /api/v2/image/detail/{image_id}. Every caller gets the answer the detail path
// gives them, and the other /api/v2/image/* routes keep answering as before (not shadowed).
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

type Headers = Record<string, string>;

describe('GET /api/v2/image/{x}', () => {
  let t: TestApp;
  let owner: Headers;
  let other: Headers;
  const guest: Headers = {};
  let privateId: string;
  let publishedId: string;
  let deletedId: string;

  const bearerOf = (id: string) => ({ authorization: `Bearer ${t.app.signAccessToken({ sub: id, role: 'member' })}` });
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const atPath = (x: string) => `/api/v2/image/${encodeURIComponent(x)}`;
  const atDetail = (x: string) => `/api/v2/image/detail/${encodeURIComponent(x)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const ownerId = (await createMember(t.services.db)).id;
    owner = bearerOf(ownerId);
    other = bearerOf((await createMember(t.services.db)).id);
    [privateId, deletedId] = (await createCompleteImages(t.services, ownerId, 2)) as [string, string];
    [publishedId] = (await createCompleteImages(t.services, ownerId, 1, { open: true })) as [string];
    await t.services.db.image.update({
      where: { imageId: deletedId },
      data: { isDelete: true, deletedAt: new Date() },
    });
  });
  afterAll(() => t?.close());

  it('is in the contracts as the spec writes it', () => {
    expect(apiPath(API_PATHS.image, { image_id: 'abc' })).toBe('/api/v2/image/abc');
  });

  it("serves the owner's picture: the same bytes, type and validators as the detail path", async () => {
    const res = await get(atPath(privateId), owner);
    const detail = await get(atDetail(privateId), owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(res.rawPayload.equals(detail.rawPayload)).toBe(true);
    for (const name of ['etag', 'cache-control', 'vary']) expect(res.headers[name], name).toBe(detail.headers[name]);

    const again = await get(atPath(privateId), { ...owner, 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('gives every other caller and every other image the answer the detail path gives', async () => {
    const cases: Array<[string, Headers, string]> = [
      ['other member, private', other, privateId],
      ['other member, published', other, publishedId],
      ['guest, private', guest, privateId],
      ['guest, published', guest, publishedId],
      ['owner, deleted', owner, deletedId],
      ['owner, published', owner, publishedId],
      ['bad token', { authorization: 'Bearer not.a.token' }, privateId],
    ];
    for (const [name, headers, id] of cases) {
      const res = await get(atPath(id), headers);
      const detail = await get(atDetail(id), headers);
      expect(res.statusCode, name).toBe(detail.statusCode);
      expect(res.body, name).toBe(detail.body);
    }
    expect((await get(atPath(privateId), other)).statusCode).toBe(404);
    expect((await get(atPath(privateId), guest)).statusCode).toBe(401);
  });

  it("answers an unknown id with 404 and the product's error body, and a malformed one like the detail path", async () => {
    const unknown = await get(atPath(`${'Z'.repeat(32)}001`), owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Image not found' });
    for (const x of ['not-an-id', 'a'.repeat(150)]) {
      const res = await get(atPath(x), owner);
      const detail = await get(atDetail(x), owner);
      expect(res.statusCode, x).toBe(detail.statusCode);
      expect(res.json(), x).toEqual(detail.json());
      expect(res.json().status).toBe('error');
    }
  });

  it('does not shadow the other /api/v2/image/* routes', async () => {
    const thumb = await get(apiPath(API_PATHS.imageThumbnail, { image_id: privateId }), owner);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers.etag).toBe(`"${privateId}-thumbnail"`);
    const detail = await get(apiPath(API_PATHS.imageDetail, { image_id: privateId }), owner);
    expect(detail.headers.etag).toBe(`"${privateId}-original"`);

    const like = await t.app.inject({
      method: 'POST',
      url: apiPath(API_PATHS.likeImage, { image_id: publishedId }),
      headers: other,
    });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toMatchObject({ status: 'ok', is_liked: 'Y' });
    const publish = await t.app.inject({
      method: 'POST',
      url: apiPath(API_PATHS.publishImage, { image_id: privateId }),
      headers: owner,
    });
    expect(publish.json()).toEqual({ status: 'ok', is_open: 'Y' });

    // Only GET is served on the new path: a POST there is still not a route.
    const post = await t.app.inject({ method: 'POST', url: atPath(privateId), headers: owner });
    expect(post.statusCode).toBe(404);
    expect(post.json().status).toBe('error');
  });
});
