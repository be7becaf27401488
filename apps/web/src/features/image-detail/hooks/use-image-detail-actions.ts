// What the image detail view does (spec sections 2, 4, 5 and 8); the view only renders. Opening records
// a view (not for a held image: nobody sees its picture), then refreshes the flags from the status call.
// Every action needs a member (without a token `onLoginRequired` is called instead), runs once at a time,
// and reports its change through `onImageChange` so the grid (or the generation screen) stays in step.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { TIMINGS } from '@velvet/contracts/catalog';
import type { ReportReason } from '@velvet/contracts/images/report-image';
import { selectBearerToken } from '../../../lib/api.ts';
import { imageApi, useLikeImageMutation } from '../../../lib/image-api.ts';
import { fetchImageBlob, saveBlob } from '../../../lib/image-fetch.ts';
import type { Notify } from '../../../lib/notify.ts';
import { useCopyFeedback } from '../../../lib/use-copy-feedback.ts';
import {
  useDetailClaimImageMutation,
  useDetailDeleteImageMutation,
  useDetailPublishImageMutation,
  useDetailRecordDownloadMutation,
  useDetailRecordViewMutation,
  useDetailReportImageMutation,
} from '../api.ts';
import {
  claimFailureToast,
  claimOutcome,
  deleteOutcome,
  detailImagePath,
  detailNeedsAuth,
  DETAIL_MESSAGES,
  downloadFileName,
  fieldsUnchangedSince,
  isHeld,
  publishToast,
  reportFailureMessage,
  resolveDetailImage,
  statusPatch,
  type DetailImage,
  type DetailImagePatch,
  type DetailVariant,
  type ResolvedDetailImage,
  type ToastSpec,
} from '../detail-rules.ts';

export interface ImageDetailActionsOptions {
  image: DetailImage;
  variant: DetailVariant;
  /** Every change to the image (status refresh, like, publish, claim, delete). */
  onImageChange?: (imageId: string, patch: DetailImagePatch) => void;
  onLoginRequired: () => void;
  notify: Notify;
}

/** The actions that show a busy state while their call runs. */
export type DetailBusyAction = 'like' | 'download' | 'publish' | 'claim' | 'delete' | 'report';

type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

function show(notify: Notify, toast: ToastSpec) {
  const options = { durationMs: toast.durationMs };
  if (toast.variant === 'error') notify.error(toast.message, options);
  else if (toast.variant === 'info' && notify.info) notify.info(toast.message, options);
  else notify.success(toast.message, options);
}

export function useImageDetailActions({
  image,
  variant,
  onImageChange,
  onLoginRequired,
  notify,
}: ImageDetailActionsOptions) {
  const dispatch = useDispatch<AppDispatch>();
  const token = useSelector(selectBearerToken);
  const [current, setCurrent] = useState<ResolvedDetailImage>(() => resolveDetailImage(image));
  const [busy, setBusy] = useState<ReadonlySet<DetailBusyAction>>(new Set());
  const [reportOpen, setReportOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const { copied, copy } = useCopyFeedback();

  const [recordView] = useDetailRecordViewMutation();
  const [likeImage] = useLikeImageMutation();
  const [recordDownload] = useDetailRecordDownloadMutation();
  const [publishImage] = useDetailPublishImageMutation();
  const [claimImage] = useDetailClaimImageMutation();
  const [deleteImage] = useDetailDeleteImageMutation();
  const [reportImage] = useDetailReportImageMutation();

  const latest = useRef({ onImageChange, notify, onLoginRequired });
  useEffect(() => {
    latest.current = { onImageChange, notify, onLoginRequired };
  });

  const imageId = image.image_id;
  // Nobody sees a held picture: opening its notice is not a view.
  const heldOnOpen = isHeld(image);
  // Changes counted, and each field's last one: the status refresh on opening leaves alone the fields
  // an action's answer changed while it was on its way (fieldsUnchangedSince).
  const changes = useRef(0);
  const changedAt = useRef(new Map<string, number>());
  const apply = useCallback(
    (patch: DetailImagePatch) => {
      changes.current += 1;
      for (const field of Object.keys(patch)) changedAt.current.set(field, changes.current);
      setCurrent((previous) => ({ ...previous, ...patch }));
      latest.current.onImageChange?.(imageId, patch);
    },
    [imageId],
  );

  // Opening: record a view, then refresh the flags from the status call (once per image, also under
  // StrictMode's double effects).
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || openedFor.current === imageId) return;
    openedFor.current = imageId;
    void (async () => {
      try {
        if (!heldOnOpen) {
          const view = await recordView(imageId).unwrap();
          apply({ view_cnt: view.view_cnt });
        }
      } catch (error) {
        console.warn('Failed to record the view', error);
      }
      try {
        const sentAt = changes.current;
        const status = await dispatch(
          imageApi.endpoints.getImageStatus.initiate(imageId, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        const fresh = fieldsUnchangedSince(statusPatch(status), changedAt.current, sentAt);
        apply(fresh);
        if (status.status === 'held') setCurrent((previous) => ({ ...previous, status: 'held' }));
        if (fresh.is_delete === 'Y') {
          show(latest.current.notify, {
            message: DETAIL_MESSAGES.deleted,
            variant: 'info',
            durationMs: TIMINGS.toastDefaultMs,
          });
        }
      } catch (error) {
        console.warn('Failed to refresh the image status', error);
      }
    })();
  }, [apply, dispatch, heldOnOpen, imageId, recordView, token]);

  const run = async (action: DetailBusyAction, work: () => Promise<void>) => {
    if (!token) return onLoginRequired();
    if (busy.has(action)) return;
    setBusy((set) => new Set(set).add(action));
    try {
      await work();
    } finally {
      setBusy((set) => {
        const next = new Set(set);
        next.delete(action);
        return next;
      });
    }
  };

  const picturePath = detailImagePath(variant, image);
  const needsAuth = detailNeedsAuth(variant);

  const like = () =>
    run('like', async () => {
      try {
        const result = await likeImage(imageId).unwrap();
        apply({ is_liked: result.is_liked, like_cnt: result.like_cnt });
      } catch (error) {
        console.warn('Failed to like the image', error);
      }
    });

  const download = () =>
    run('download', async () => {
      try {
        await recordDownload(imageId).unwrap();
        const blob = await fetchImageBlob(picturePath, needsAuth ? token : null);
        saveBlob(blob, downloadFileName(imageId));
      } catch (error) {
        console.warn('Failed to download the image', error);
        notify.error(DETAIL_MESSAGES.downloadFailed, { alert: true });
      }
    });

  const publish = () =>
    run('publish', async () => {
      try {
        const result = await publishImage(imageId).unwrap();
        apply({ is_open: result.is_open });
        show(notify, publishToast(result.is_open));
      } catch (error) {
        console.warn('Failed to publish the image', error);
      }
    });

  const claim = () =>
    run('claim', async () => {
      try {
        const outcome = claimOutcome(await claimImage(imageId).unwrap());
        if (outcome.kind === 'login') return latest.current.onLoginRequired();
        apply(outcome.patch);
        show(notify, outcome.toast);
      } catch (error) {
        console.warn('Failed to claim the image', error);
        const toast = claimFailureToast(error);
        if (toast) show(notify, toast);
      }
    });

  const remove = () =>
    run('delete', async () => {
      try {
        const outcome = deleteOutcome(await deleteImage(imageId).unwrap());
        if (outcome.kind === 'deleted') apply(outcome.patch);
        show(notify, outcome.toast);
      } catch (error) {
        console.warn('Failed to delete the image', error);
      }
    });

  const report = (reason: ReportReason) =>
    run('report', async () => {
      try {
        const result = await reportImage({ imageId, reason }).unwrap();
        setReported(true);
        setReportOpen(false);
        notify.success(result.message);
      } catch (error) {
        console.warn('Failed to report the image', error);
        notify.error(reportFailureMessage(error));
        if ((error as { status?: unknown } | null)?.status === 409) {
          setReported(true);
          setReportOpen(false);
        }
      }
    });

  const copyPrompt = () => {
    if (!token) return onLoginRequired();
    void copy(current.prompt);
  };

  const toggleReport = () => (token ? setReportOpen((open) => !open) : onLoginRequired());
  const openReport = () => (token ? setReportOpen(true) : onLoginRequired());

  return {
    /** The image as last known: the opener's, then every change applied. */
    current,
    /** The token the picture is fetched with (null where the picture needs none). */
    pictureToken: needsAuth ? token : null,
    picturePath,
    needsAuth,
    busy,
    copied,
    reportOpen,
    reported,
    like,
    download,
    publish,
    claim,
    remove,
    report,
    copyPrompt,
    toggleReport,
    openReport,
  };
}
