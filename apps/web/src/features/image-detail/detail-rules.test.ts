import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  claimFailureToast,
  claimOutcome,
  deleteOutcome,
  DETAIL_MESSAGES,
  detailImagePath,
  detailNeedsAuth,
  disabledActions,
  downloadFileName,
  fieldsUnchangedSince,
  imageErrorText,
  isHeld,
  publishToast,
  reportFailureMessage,
  resolveDetailImage,
  statusPatch,
} from './detail-rules.ts';

const ID = `${'a'.repeat(32)}001`;

describe('actionsFor', () => {
  it('collection and generation show every action, Delete Image included', () => {
    for (const variant of ['collection', 'generation'] as const) {
      expect(actionsFor(variant)).toEqual({
        like: true,
        download: true,
        copy: true,
        publish: true,
        claim: true,
        delete: true,
        report: false,
      });
    }
  });

  it('public and likes show only like, download and prompt copy, plus Report', () => {
    for (const variant of ['public', 'likes'] as const) {
      expect(actionsFor(variant)).toEqual({
        like: true,
        download: true,
        copy: true,
        publish: false,
        claim: false,
        delete: false,
        report: true,
      });
    }
  });
});

describe('disabledActions', () => {
  it('enables everything on a live image', () => {
    expect(Object.values(disabledActions({ is_claim: 'N', is_delete: 'N' })).some(Boolean)).toBe(false);
  });

  it('a claim disables claim, publish and download', () => {
    expect(disabledActions({ is_claim: 'Y', is_delete: 'N' })).toEqual({
      like: false,
      download: true,
      copy: false,
      publish: true,
      claim: true,
      delete: false,
      report: false,
    });
  });

  it('a delete disables every action', () => {
    expect(Object.values(disabledActions({ is_claim: 'N', is_delete: 'Y' })).every(Boolean)).toBe(true);
  });

  it('a held image (no picture, already refunded) leaves only the prompt copy', () => {
    expect(disabledActions({ is_claim: 'N', is_delete: 'N', status: 'held' })).toEqual({
      like: true,
      download: true,
      copy: false,
      publish: true,
      claim: true,
      delete: true,
      report: true,
    });
    expect(isHeld({ status: 'held' })).toBe(true);
    expect(isHeld({ status: 'complete' })).toBe(false);
    expect(isHeld({})).toBe(false);
  });
});

describe('detailImagePath', () => {
  it("uses the gallery's imageDetailUrl when there is one", () => {
    expect(detailImagePath('likes', { image_id: ID, imageDetailUrl: `/api/v2/likeimage/detail/${ID}` })).toBe(
      `/api/v2/likeimage/detail/${ID}`,
    );
  });

  it("otherwise the variant's detail path", () => {
    expect(detailImagePath('public', { image_id: ID })).toBe(`/api/v1/image/detail/${ID}`);
    expect(detailImagePath('likes', { image_id: ID, imageDetailUrl: null })).toBe(`/api/v2/likeimage/detail/${ID}`);
    expect(detailImagePath('collection', { image_id: ID })).toBe(`/api/v2/image/detail/${ID}`);
    expect(detailImagePath('generation', { image_id: ID })).toBe(`/api/v2/image/detail/${ID}`);
  });

  it('only the public picture goes without the token; files are saved as .webp', () => {
    expect(detailNeedsAuth('public')).toBe(false);
    expect(detailNeedsAuth('likes')).toBe(true);
    expect(detailNeedsAuth('collection')).toBe(true);
    expect(detailNeedsAuth('generation')).toBe(true);
    expect(downloadFileName(ID)).toBe(`${ID}.webp`);
  });
});

describe('outcomes', () => {
  it('the status call refreshes exactly the spec fields', () => {
    expect(
      statusPatch({
        status: 'complete',
        image_url: '/x',
        image_save_url: '/x',
        is_claim: 'N',
        is_open: 'Y',
        like_cnt: 3,
        view_cnt: 9,
        is_delete: 'N',
        is_liked: 'Y',
        run_type: 'Manga',
      }),
    ).toEqual({
      is_claim: 'N',
      is_open: 'Y',
      like_cnt: 3,
      view_cnt: 9,
      is_delete: 'N',
      is_liked: 'Y',
      run_type: 'Manga',
    });
  });

  it('publish: green when published, red when withdrawn (with the trailing space), 2 s', () => {
    expect(publishToast('Y')).toEqual({
      message: 'Image has been published successfully',
      variant: 'success',
      durationMs: 2000,
    });
    expect(publishToast('N')).toEqual({
      message: 'Image has been cancelled from publication ',
      variant: 'error',
      durationMs: 2000,
    });
  });

  it('claim: ok claims and unpublishes with a 4 s toast; no opens the login modal', () => {
    expect(claimOutcome({ status: 'ok', is_claim: 'Y', is_open: 'N', message: 'x' })).toEqual({
      kind: 'claimed',
      patch: { is_claim: 'Y', is_open: 'N' },
      toast: {
        message: 'Your claim request has been received. The coin will be automatically recharged within 24 hours.',
        variant: 'success',
        durationMs: 4000,
      },
    });
    expect(claimOutcome({ status: 'no' })).toEqual({ kind: 'login' });
  });

  it('claim refusals 409 and 429 show their message in red; other failures show nothing', () => {
    expect(claimFailureToast({ status: 409, data: { status: 'error', message: 'Already claimed.' } })).toEqual({
      message: 'Already claimed.',
      variant: 'error',
      durationMs: 4000,
    });
    expect(claimFailureToast({ status: 429, data: { status: 'error', message: 'Limit.' } })?.message).toBe('Limit.');
    expect(claimFailureToast({ status: 404, data: { status: 'error', message: 'Not found' } })).toBeNull();
    expect(claimFailureToast({ status: 'FETCH_ERROR', error: 'x' })).toBeNull();
  });

  it("delete: ok deletes and unpublishes with the server's message; no is a red 2 s toast", () => {
    expect(deleteOutcome({ status: 'ok', message: 'The image has been deleted.' })).toEqual({
      kind: 'deleted',
      patch: { is_delete: 'Y', is_open: 'N' },
      toast: { message: 'The image has been deleted.', variant: 'success', durationMs: 4000 },
    });
    expect(deleteOutcome({ status: 'no', message: 'Already deleted.' })).toEqual({
      kind: 'refused',
      toast: { message: 'Already deleted.', variant: 'error', durationMs: 2000 },
    });
  });

  it('texts', () => {
    expect(imageErrorText('Image not found')).toBe('Error loading image: Image not found');
    expect(DETAIL_MESSAGES.deleted).toBe('This Image is deleted');
    expect(DETAIL_MESSAGES.downloadFailed).toBe('Failed to download image. Please try again.');
    expect(DETAIL_MESSAGES.copied).toBe('Copied!');
    expect(reportFailureMessage({ status: 409, data: { message: 'You have already reported this image.' } })).toBe(
      'You have already reported this image.',
    );
    expect(reportFailureMessage({ status: 500 })).toBe(DETAIL_MESSAGES.reportFailed);
  });
});

describe('resolveDetailImage', () => {
  it("fills missing flags and counts with 'N' and 0 (what the generation screen may not know)", () => {
    const base = { image_id: ID, prompt: 'p', run_type: 'Manga' as const, run_ratio: 'Square' as const, strength: 0.5 };
    expect(resolveDetailImage(base)).toEqual({
      ...base,
      is_open: 'N',
      is_claim: 'N',
      is_delete: 'N',
      is_liked: 'N',
      like_cnt: 0,
      view_cnt: 0,
    });
    expect(resolveDetailImage({ ...base, is_open: 'Y', like_cnt: 4 })).toMatchObject({ is_open: 'Y', like_cnt: 4 });
  });
});

describe('fieldsUnchangedSince', () => {
  const refresh = { is_open: 'N', is_claim: 'N', is_delete: 'N', is_liked: 'N', like_cnt: 4, view_cnt: 9 } as const;

  it('keeps every field when no action changed anything after the refresh was sent', () => {
    const changedAt = new Map([['is_liked', 1]]);
    expect(fieldsUnchangedSince(refresh, changedAt, 1)).toEqual(refresh);
  });

  it("leaves out the fields an action's answer changed after the refresh was sent", () => {
    // Sent at 1; a delete answered at 2 and a like at 3: their fields are newer than the refresh.
    const changedAt = new Map([
      ['view_cnt', 1],
      ['is_delete', 2],
      ['is_liked', 3],
      ['like_cnt', 3],
    ]);
    expect(fieldsUnchangedSince(refresh, changedAt, 1)).toEqual({ is_open: 'N', is_claim: 'N', view_cnt: 9 });
  });
});
