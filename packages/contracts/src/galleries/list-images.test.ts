import { describe, expect, it } from 'vitest';
import { ZListImagesRequest, ZListImagesResponse } from './list-images.ts';

function issue(query: Record<string, unknown>) {
  const result = ZListImagesRequest.safeParse(query);
  expect(result.success).toBe(false);
  const first = result.error?.issues[0];
  return { path: first?.path.join('.'), message: first?.message };
}

describe('ZListImagesRequest', () => {
  it('defaults page 1, limit 30 and sort Latest', () => {
    expect(ZListImagesRequest.parse({})).toEqual({ page: 1, limit: 30, sort_by: 'Latest' });
  });

  it('coerces query-string numbers', () => {
    const parsed = ZListImagesRequest.parse({ page: '3', limit: '12' });
    expect(parsed.page).toBe(3);
    expect(parsed.limit).toBe(12);
    expect(ZListImagesRequest.parse({ page: 2, limit: 5 })).toMatchObject({ page: 2, limit: 5 });
  });

  it('treats empty values as absent', () => {
    expect(
      ZListImagesRequest.parse({ page: '', limit: '', sort_by: '', run_type: '', member_id: '', seed: '', cursor: '' }),
    ).toEqual({
      page: 1,
      limit: 30,
      sort_by: 'Latest',
    });
  });

  it.each([
    ['page', '0', 'page must be a whole number of 1 or more'],
    ['page', '-1', 'page must be a whole number of 1 or more'],
    ['page', '1.5', 'page must be a whole number of 1 or more'],
    ['page', 'two', 'page must be a whole number of 1 or more'],
    ['limit', '0', 'limit must be a whole number from 1 to 30'],
    ['limit', '31', 'limit must be a whole number from 1 to 30'],
    ['sort_by', 'Newest', 'sort_by must be one of Latest, Oldest, Popular, MostViewed or Randomize'],
    ['run_type', 'Real CG', 'run_type must be one of ALL, Realistic, Manga, Animation or Hyper Anime'],
    ['member_id', 'not-an-email', 'member_id must be a valid email address'],
    ['seed', 'has space', 'seed must be up to 64 letters, digits, - or _'],
    ['cursor', 'c'.repeat(513), 'cursor must be at most 512 characters'],
  ])('rejects %s=%j with a message naming it', (field, value, message) => {
    expect(issue({ [field]: value })).toEqual({ path: field, message });
  });

  it.each(['Latest', 'Oldest', 'Popular', 'MostViewed', 'Randomize'])('accepts sort_by %s', (sort) => {
    expect(ZListImagesRequest.parse({ sort_by: sort }).sort_by).toBe(sort);
  });

  it("treats run_type 'ALL' as no filter and passes a model through", () => {
    expect(ZListImagesRequest.parse({ run_type: 'ALL' }).run_type).toBeUndefined();
    expect(ZListImagesRequest.parse({ run_type: 'Hyper Anime' }).run_type).toBe('Hyper Anime');
  });

  it('normalises member_id and keeps seed and cursor', () => {
    expect(ZListImagesRequest.parse({ member_id: ' Ann@Example.COM ', seed: 12345, cursor: 'abc' })).toMatchObject({
      member_id: 'ann@example.com',
      seed: '12345',
      cursor: 'abc',
    });
  });
});

describe('ZListImagesResponse', () => {
  const image = {
    image_id: `${'a'.repeat(32)}001`,
    prompt: 'p',
    run_type: 'Manga',
    run_style: 'Free',
    run_ratio: 'Square',
    strength: 0.5,
    status: 'complete',
    is_open: 'Y',
    is_claim: 'N',
    is_delete: 'N',
    is_liked: 'N',
    like_cnt: 3,
    view_cnt: 10,
    run_dt: '2025-01-02T03:04:05.000Z',
    imageUrl: '/api/v1/image/detail/x',
  };

  it('has list and total_count, next_cursor optional or null', () => {
    expect(ZListImagesResponse.parse({ list: [image], total_count: 1 }).list).toHaveLength(1);
    expect(ZListImagesResponse.parse({ list: [], total_count: 0, next_cursor: null }).next_cursor).toBeNull();
  });

  it('rejects an image with a bad run_dt or a lower-case flag', () => {
    expect(ZListImagesResponse.safeParse({ list: [{ ...image, run_dt: 'yesterday' }], total_count: 1 }).success).toBe(
      false,
    );
    expect(ZListImagesResponse.safeParse({ list: [{ ...image, is_open: 'y' }], total_count: 1 }).success).toBe(false);
  });
});
