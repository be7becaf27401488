// Keeps processing images up to date (spec section 4): each `image.status` of the app's member event
// stream updates the image, then one status call fills in its URL and flags (the root applies the
// `balance` events). While the stream is not connected, every processing image is polled every 5 s
// instead. Polling stops when nothing is processing or the token goes (logout).
import { useCallback, useEffect, useRef } from 'react';
import { TIMINGS } from '@velvet/contracts/catalog';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { imageApi } from '../../../lib/image-api.ts';
import { useMemberEventSubscription } from '../../../lib/member-event-hub.ts';
import { imageStatusReceived } from '../slice.ts';
import { statusUpdateFrom } from '../status-update.ts';
import { useGenerateDispatch } from './use-generate-dispatch.ts';

export interface StatusUpdatesOptions {
  token: string | null;
  processingIds: readonly string[];
}

export interface StatusUpdates {
  /** The event stream is open (polling is off). */
  streaming: boolean;
}

export function useStatusUpdates({ token, processingIds }: StatusUpdatesOptions): StatusUpdates {
  const dispatch = useGenerateDispatch();
  const idsRef = useRef(processingIds);
  useEffect(() => {
    idsRef.current = processingIds;
  });

  const refresh = useCallback(
    async (imageId: string) => {
      const request = dispatch(
        imageApi.endpoints.getImageStatus.initiate(imageId, { subscribe: false, forceRefetch: true }),
      );
      try {
        const response = await request.unwrap();
        dispatch(imageStatusReceived(statusUpdateFrom(imageId, response)));
      } catch {
        // The next event or poll tries again; a 401 has opened the login modal already.
      }
    },
    [dispatch],
  );

  const active = token !== null && processingIds.length > 0;

  const onEvent = useCallback(
    (event: TMemberEvent) => {
      if (event.type !== 'image.status') return;
      dispatch(imageStatusReceived({ image_id: event.image_id, status: event.status }));
      if (event.status !== 'processing') void refresh(event.image_id);
    },
    [dispatch, refresh],
  );
  const onOpen = useCallback(() => {
    for (const id of idsRef.current) void refresh(id);
  }, [refresh]);
  const streaming = useMemberEventSubscription({ onEvent, onOpen }) && token !== null;

  // The fallback: poll every processing image while the stream is not connected.
  const polling = active && !streaming;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      for (const id of idsRef.current) void refresh(id);
    }, TIMINGS.statusPollMs);
    return () => clearInterval(timer);
  }, [polling, refresh]);

  return { streaming: active && streaming };
}
