import { describe, expect, it } from 'vitest';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import { DEFAULT_GENERATION_SETTINGS } from './generation-request.ts';
import {
  generateReducer,
  generationsCleared,
  groupAdded,
  imageStatusReceived,
  initialGenerateState,
  newGroup,
  processingImageIds,
  selectGroupsOf,
  selectProcessingIdsOf,
  type GenerateState,
} from './slice.ts';
import { statusUpdateFrom, tileStateOf } from './status-update.ts';

const run = (letter: string) => letter.repeat(32);
const group = (letter: string, count = 2) =>
  newGroup(
    {
      run_id: run(letter),
      prompt: `prompt ${letter}`,
      settings: DEFAULT_GENERATION_SETTINGS,
      imageIds: Array.from({ length: count }, (_, i) => `${run(letter)}00${i + 1}`),
    },
    new Date('2026-01-01T00:00:00Z'),
  );

function reduce(...actions: Parameters<typeof generateReducer>[1][]): GenerateState {
  return actions.reduce(generateReducer, initialGenerateState);
}

describe('generate slice', () => {
  it('adds new groups at the front with every image processing', () => {
    const state = reduce(
      groupAdded({ memberId: 'm1', group: group('a') }),
      groupAdded({ memberId: 'm1', group: group('b', 1) }),
    );
    expect(state.groups.map((g) => g.run_id)).toEqual([run('b'), run('a')]);
    expect(state.groups[1]!.images.map((i) => i.status)).toEqual(['processing', 'processing']);
    expect(state.groups[1]!.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('ignores a second add of the same run', () => {
    const state = reduce(
      groupAdded({ memberId: 'm1', group: group('a') }),
      groupAdded({ memberId: 'm1', group: group('a') }),
    );
    expect(state.groups).toHaveLength(1);
  });

  it('starts afresh for another member and shows a member only their own groups', () => {
    const state = reduce(
      groupAdded({ memberId: 'm1', group: group('a') }),
      groupAdded({ memberId: 'm2', group: group('b') }),
    );
    expect(state.groups.map((g) => g.run_id)).toEqual([run('b')]);
    expect(selectGroupsOf({ generate: state }, 'm2')).toHaveLength(1);
    expect(selectGroupsOf({ generate: state }, 'm1')).toEqual([]);
    expect(selectGroupsOf({ generate: state }, null)).toEqual([]);
  });

  it('applies status updates and never goes back to processing', () => {
    const id = `${run('a')}001`;
    let state = reduce(groupAdded({ memberId: 'm1', group: group('a') }));
    state = generateReducer(state, imageStatusReceived({ image_id: id, status: 'complete' }));
    state = generateReducer(
      state,
      imageStatusReceived({ image_id: id, status: 'processing', image_url: '/api/x', is_open: 'Y' }),
    );
    expect(state.groups[0]!.images[0]).toMatchObject({ status: 'complete', image_url: '/api/x', is_open: 'Y' });
    state = generateReducer(state, imageStatusReceived({ image_id: `${run('a')}002`, status: 'failed' }));
    expect(state.groups[0]!.images[1]!.status).toBe('failed');
    expect(generateReducer(state, imageStatusReceived({ image_id: `${run('z')}001`, status: 'failed' }))).toEqual(
      state,
    );
  });

  it('a held image is final: it stays held and is no longer polled', () => {
    const id = `${run('a')}001`;
    let state = reduce(groupAdded({ memberId: 'm1', group: group('a') }));
    state = generateReducer(state, imageStatusReceived({ image_id: id, status: 'held' }));
    state = generateReducer(state, imageStatusReceived({ image_id: id, status: 'processing' }));
    expect(state.groups[0]!.images[0]!.status).toBe('held');
    expect(state.groups[0]!.images[0]!.image_url).toBeNull();
    expect(processingImageIds(state.groups)).toEqual([`${run('a')}002`]);
    state = generateReducer(state, imageStatusReceived({ image_id: `${run('a')}002`, status: 'held' }));
    expect(processingImageIds(state.groups)).toEqual([]);
  });

  it('lists processing images and clears on logout', () => {
    let state = reduce(
      groupAdded({ memberId: 'm1', group: group('a') }),
      groupAdded({ memberId: 'm1', group: group('b', 1) }),
    );
    state = generateReducer(state, imageStatusReceived({ image_id: `${run('a')}001`, status: 'complete' }));
    expect(processingImageIds(state.groups)).toEqual([`${run('b')}001`, `${run('a')}002`]);
    const root = { generate: state };
    expect(selectProcessingIdsOf(root, 'm1')).toBe(selectProcessingIdsOf(root, 'm1'));
    expect(generateReducer(state, generationsCleared())).toEqual(initialGenerateState);
  });
});

describe('statusUpdateFrom', () => {
  const id = `${run('a')}001`;
  const base: TGetStatusResponse = {
    status: 'complete',
    image_url: `/api/v2/image/detail/${id}`,
    image_save_url: `/api/v2/image/detail/${id}`,
    is_claim: 'N',
    is_open: 'Y',
    like_cnt: 0,
    view_cnt: 0,
    is_delete: 'N',
    is_liked: 'N',
    run_type: 'Realistic',
  };

  it('is complete with an image URL, with the flags', () => {
    expect(statusUpdateFrom(id, base)).toEqual({
      image_id: id,
      status: 'complete',
      image_url: base.image_url,
      is_open: 'Y',
      is_claim: 'N',
      is_delete: 'N',
    });
  });

  it('stays processing while complete has no URL yet, unless the image is deleted', () => {
    expect(statusUpdateFrom(id, { ...base, image_url: null }).status).toBe('processing');
    expect(statusUpdateFrom(id, { ...base, image_url: null, is_delete: 'Y' }).status).toBe('complete');
  });

  it('passes processing, failed and held through', () => {
    expect(statusUpdateFrom(id, { ...base, status: 'processing', image_url: null }).status).toBe('processing');
    expect(statusUpdateFrom(id, { ...base, status: 'failed', image_url: null }).status).toBe('failed');
    const held = statusUpdateFrom(id, { ...base, status: 'held', image_url: null, image_save_url: null, is_open: 'N' });
    expect(held).toEqual({ image_id: id, status: 'held', is_open: 'N', is_claim: 'N', is_delete: 'N' });
  });
});

describe('tileStateOf', () => {
  it("shows 'Held for review' for held, 'Generation failed' only for failed", () => {
    expect(tileStateOf({ status: 'processing' })).toBe('processing');
    expect(tileStateOf({ status: 'complete' })).toBe('complete');
    expect(tileStateOf({ status: 'held' })).toBe('held');
    expect(tileStateOf({ status: 'failed' })).toBe('failed');
  });
});
