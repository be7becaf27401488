// The image detail view's rules (spec sections 2, 4, 5 and 8) as pure functions: which actions each
// variant shows, which are disabled after a claim or a delete, where the full-size picture comes from,
// and what every outcome changes and says.
import { classifyApiError } from '../../lib/api-error.ts';
import { COPY_TEXTS } from '../../lib/use-copy-feedback.ts';
import { TIMINGS } from '@velvet/contracts/catalog';
import type { TYN } from '@velvet/contracts/common';
import type { TClaimImageResponse } from '@velvet/contracts/images/claim-image';
import type { TDeleteImageResponse } from '@velvet/contracts/images/delete-image';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { TImage, TImagePatch } from '@velvet/contracts/images/image';
import { apiPath, GALLERY_DETAIL_PATHS } from '@velvet/contracts/routes';

/**
 * Where the detail view is opened from: Explore ('public'), Liked Contents ('likes'), My Collections
 * ('collection') or the generation screen ('generation').
 */
export const DETAIL_VARIANTS = ['public', 'likes', 'collection', 'generation'] as const;
export type DetailVariant = (typeof DETAIL_VARIANTS)[number];

/**
 * What the detail view needs of an image: a gallery image (TImage) as it is, or what the generation
 * screen knows of one. The flags and counts may be missing (they default to 'N' and 0): the status
 * call on opening fills them in.
 */
export type DetailImage = Pick<TImage, 'image_id' | 'prompt' | 'run_type' | 'run_ratio' | 'strength'> &
  Partial<
    Pick<
      TImage,
      | 'is_open'
      | 'is_claim'
      | 'is_delete'
      | 'is_liked'
      | 'like_cnt'
      | 'view_cnt'
      | 'run_style'
      | 'run_dt'
      | 'imageDetailUrl'
      | 'status'
    >
  >;

/** A DetailImage with every flag and count present. */
export type ResolvedDetailImage = DetailImage &
  Pick<TImage, 'is_open' | 'is_claim' | 'is_delete' | 'is_liked' | 'like_cnt' | 'view_cnt'>;

export function resolveDetailImage(image: DetailImage): ResolvedDetailImage {
  return {
    ...image,
    is_open: image.is_open ?? 'N',
    is_claim: image.is_claim ?? 'N',
    is_delete: image.is_delete ?? 'N',
    is_liked: image.is_liked ?? 'N',
    like_cnt: image.like_cnt ?? 0,
    view_cnt: image.view_cnt ?? 0,
  };
}

/** The fields the detail view refreshes and reports back to where it was opened from. */
export type DetailImagePatch = TImagePatch;

export const DETAIL_MESSAGES = {
  deleted: 'This Image is deleted',
  published: 'Image has been published successfully',
  // The spec's text ends with a space; kept as it is.
  unpublished: 'Image has been cancelled from publication ',
  claimed: 'Your claim request has been received. The coin will be automatically recharged within 24 hours.',
  downloadFailed: 'Failed to download image. Please try again.',
  imageFailed: 'Failed to load image',
  copied: COPY_TEXTS.copied,
  reportFailed: 'The report could not be sent. Please try again.',
} as const;

/** 'Error loading image: {message}' (spec section 8). */
export function imageErrorText(message: string): string {
  return `Error loading image: ${message}`;
}

export interface DetailActions {
  like: boolean;
  download: boolean;
  copy: boolean;
  publish: boolean;
  claim: boolean;
  delete: boolean;
  report: boolean;
}

/**
 * Which actions a variant shows. Collection and generation: everything of one's own image (Delete
 * Image in both). Public and likes: like, download and prompt copy, plus Report for other members'
 * images.
 */
export function actionsFor(variant: DetailVariant): DetailActions {
  const own = variant === 'collection' || variant === 'generation';
  return { like: true, download: true, copy: true, publish: own, claim: own, delete: own, report: !own };
}

export type DetailFlags = Pick<DetailImage, 'is_claim' | 'is_delete' | 'status'>;

/** Withheld by the picture safety check: there is no picture, only the notice. */
export function isHeld(image: Pick<DetailImage, 'status'>): boolean {
  return image.status === 'held';
}

/**
 * Disabled actions: a claim disables claim, publish and download; a delete disables everything; a
 * held image (no picture, already refunded) leaves only the prompt copy.
 */
export function disabledActions(flags: DetailFlags): DetailActions {
  if (isHeld(flags)) {
    return { like: true, download: true, copy: false, publish: true, claim: true, delete: true, report: true };
  }
  const deleted = flags.is_delete === 'Y';
  const claimed = flags.is_claim === 'Y';
  return {
    like: deleted,
    download: deleted || claimed,
    copy: deleted,
    publish: deleted || claimed,
    claim: deleted || claimed,
    delete: deleted,
    report: deleted,
  };
}

const DETAIL_PATHS: Record<DetailVariant, string> = {
  public: GALLERY_DETAIL_PATHS.public_gallery,
  likes: GALLERY_DETAIL_PATHS.likes_gallery,
  collection: GALLERY_DETAIL_PATHS.collection_gallery,
  // The generation screen shows the member's own images, as My Collections does.
  generation: GALLERY_DETAIL_PATHS.collection_gallery,
};

/** The full-size picture: the gallery's imageDetailUrl, or the variant's detail path. */
export function detailImagePath(variant: DetailVariant, image: Pick<DetailImage, 'image_id' | 'imageDetailUrl'>) {
  return image.imageDetailUrl || apiPath(DETAIL_PATHS[variant], { image_id: image.image_id });
}

/** Explore's detail path is public; every other one needs the bearer token. */
export function detailNeedsAuth(variant: DetailVariant): boolean {
  return variant !== 'public';
}

/** When the image was made, for the header: 'Jan 2, 2025'; null when unknown or unreadable. */
export function formatRunDate(runDt: string | null | undefined, locale = 'en-US'): string | null {
  if (!runDt) return null;
  const date = new Date(runDt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The saved file's name. */
export function downloadFileName(imageId: string): string {
  return `${imageId}.webp`;
}

/** What the status call refreshes when the detail opens. */
export function statusPatch(status: TGetStatusResponse): DetailImagePatch {
  const { is_claim, is_open, like_cnt, view_cnt, is_delete, is_liked, run_type } = status;
  return { is_claim, is_open, like_cnt, view_cnt, is_delete, is_liked, run_type };
}

/**
 * The fields of a status refresh that no action changed after the refresh was sent (`changedAt`: each
 * field's last change, by a counter; `sentAt`: the counter then). An action's answer that came while
 * the refresh was on its way (a delete, a claim, a like) is the newer state of its own fields.
 */
export function fieldsUnchangedSince(
  patch: DetailImagePatch,
  changedAt: ReadonlyMap<string, number>,
  sentAt: number,
): DetailImagePatch {
  return Object.fromEntries(
    Object.entries(patch).filter(([field]) => (changedAt.get(field) ?? 0) <= sentAt),
  ) as DetailImagePatch;
}

export interface ToastSpec {
  message: string;
  variant: 'success' | 'error' | 'info';
  durationMs: number;
}

/** Publish toggled: green when published, red when withdrawn, 2 s. */
export function publishToast(isOpen: TYN): ToastSpec {
  return isOpen === 'Y'
    ? { message: DETAIL_MESSAGES.published, variant: 'success', durationMs: TIMINGS.toastShortMs }
    : { message: DETAIL_MESSAGES.unpublished, variant: 'error', durationMs: TIMINGS.toastShortMs };
}

export type ClaimOutcome = { kind: 'claimed'; patch: DetailImagePatch; toast: ToastSpec } | { kind: 'login' };

/** Claim answered: ok claims and unpublishes (4 s toast); 'no' opens the login modal. */
export function claimOutcome(response: TClaimImageResponse): ClaimOutcome {
  if (response.status !== 'ok') return { kind: 'login' };
  return {
    kind: 'claimed',
    patch: { is_claim: 'Y', is_open: 'N' },
    toast: { message: DETAIL_MESSAGES.claimed, variant: 'success', durationMs: TIMINGS.toastLongMs },
  };
}

/** A refused claim (409 already claimed, 429 daily limit): its message as a red toast; else nothing. */
export function claimFailureToast(error: unknown): ToastSpec | null {
  const failure = classifyApiError(error);
  if (failure.kind !== 'refused' || (failure.status !== 409 && failure.status !== 429) || !failure.message) return null;
  return { message: failure.message, variant: 'error', durationMs: TIMINGS.toastLongMs };
}

export type DeleteOutcome =
  { kind: 'deleted'; patch: DetailImagePatch; toast: ToastSpec } | { kind: 'refused'; toast: ToastSpec };

/** Delete answered: ok deletes and unpublishes with the server's message; 'no' is a red 2 s toast. */
export function deleteOutcome(response: TDeleteImageResponse): DeleteOutcome {
  if (response.status === 'ok') {
    return {
      kind: 'deleted',
      patch: { is_delete: 'Y', is_open: 'N' },
      toast: { message: response.message, variant: 'success', durationMs: TIMINGS.toastDefaultMs },
    };
  }
  return { kind: 'refused', toast: { message: response.message, variant: 'error', durationMs: TIMINGS.toastShortMs } };
}

/** A refused report (409 already reported) shows its message; anything else a generic text. */
export function reportFailureMessage(error: unknown): string {
  const failure = classifyApiError(error);
  return failure.kind === 'refused' && failure.message ? failure.message : DETAIL_MESSAGES.reportFailed;
}
