// Issue 12, part 4: views, downloads and likes count people, not calls. A loop cannot push MostViewed
// or MostPopular: one view and one download per member per image per UTC day, one like per member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

type Who = { id: string; headers: Record<string, string> };

describe('views, downloads and likes count people', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = async (): Promise<Who> => {
    const m = await createMember(t.services.db);
    return { id: m.id, headers: { authorization: `Bearer ${t.app.signAccessToken({ sub: m.id, role: 'member' })}` } };
  };
  const post = (path: string, who: Who) => t.app.inject({ method: 'POST', url: path, headers: who.headers });
  const image = (id: string) => t.services.db.image.findUniqueOrThrow({ where: { imageId: id } });
  const publicImage = async (owner: Who) => (await createCompleteImages(t.services, owner.id, 1, { open: true }))[0]!;

  it('counts one view per member per image per day, however many calls', async () => {
    const owner = await member();
    const fan = await member();
    const other = await member();
    const id = await publicImage(owner);
    const view = (who: Who) => post(`/api/v1/image/view/${id}`, who);

    for (let i = 0; i < 20; i += 1) {
      expect((await view(fan)).json()).toEqual({ status: 'ok', view_cnt: 1 });
    }
    expect((await image(id)).viewCnt).toBe(1);

    // Another member counts once too, even with 20 calls at the same time.
    const parallel = await Promise.all(Array.from({ length: 20 }, () => view(other)));
    for (const res of parallel) expect(res.statusCode).toBe(200);
    expect(parallel.map((res) => res.json().view_cnt)).toContain(2);
    expect((await image(id)).viewCnt).toBe(2);
    expect(await t.services.db.imageView.count({ where: { imageId: id } })).toBe(2);

    // The next day the fan counts again: their view of today becomes yesterday's.
    await t.services.db.$executeRaw`
      UPDATE image_views SET day = day - 1, created_at = created_at - interval '1 day'
       WHERE image_id = ${id} AND member_id = ${fan.id}`;
    expect((await view(fan)).json()).toEqual({ status: 'ok', view_cnt: 3 });
    expect((await view(fan)).json()).toEqual({ status: 'ok', view_cnt: 3 });
    expect((await image(id)).viewCnt).toBe(3);
  });

  it('counts one download per member per image per day', async () => {
    const owner = await member();
    const fan = await member();
    const other = await member();
    const id = await publicImage(owner);
    const download = (who: Who) => post(`/api/v1/image/down/${id}`, who);

    for (let i = 0; i < 5; i += 1) expect((await download(fan)).json()).toEqual({ status: 'ok' });
    await Promise.all(Array.from({ length: 10 }, () => download(other)));
    expect((await image(id)).downloadCnt).toBe(2);

    await t.services.db.$executeRaw`
      UPDATE image_downloads SET day = day - 1 WHERE image_id = ${id} AND member_id = ${fan.id}`;
    await download(fan);
    await download(fan);
    expect((await image(id)).downloadCnt).toBe(3);
  });

  it('keeps like_cnt equal to the likes rows under parallel toggles, and the Liked gallery count right', async () => {
    const owner = await member();
    const id = await publicImage(owner);
    const likers = [await member(), await member(), await member()];
    // Parallel toggles: an even number ends unliked, an odd number liked; never more than one like each.
    const toggles = [20, 21, 21];
    const responses = await Promise.all(
      likers.flatMap((who, i) => Array.from({ length: toggles[i]! }, () => post(`/api/v2/image/likes/${id}`, who))),
    );
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.json().like_cnt).toBeLessThanOrEqual(likers.length);
    }
    const rows = await t.services.db.like.count({ where: { imageId: id } });
    expect(rows).toBe(2);
    expect((await image(id)).likeCnt).toBe(2);

    // The one-member case of the issue: 21 parallel like calls leave exactly one like.
    const solo = await member();
    const id2 = await publicImage(owner);
    await Promise.all(Array.from({ length: 21 }, () => post(`/api/v1/image/likes/${id2}`, solo)));
    expect((await image(id2)).likeCnt).toBe(1);

    // The trigger-kept Liked Contents counts agree with the likes rows.
    for (const who of [...likers, solo]) {
      const kept = await t.services.db.$queryRaw<Array<{ n: number }>>`
        SELECT n FROM gallery_counts WHERE scope = 'likes' AND subject = ${who.id} AND run_type = ''`;
      const liked = await t.services.db.like.count({ where: { memberId: who.id } });
      expect(kept[0]?.n ?? 0).toBe(liked);
    }
  });
});
