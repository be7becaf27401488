// Puts the gallery slice to work for one screen: opens (resets) the gallery and fetches page 1 when the
// screen opens or the session changes, refetches page 1 after a filter or sort change, and runs the
// infinite scroll. A guest scrolling past Explore's third page gets the login modal, once per visit to
// the end of the page.
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Filter, GalleryType, Sort } from '@velvet/contracts/options';
import { loadNextPage } from '../gallery-thunks.ts';
import { windowIsNearEnd } from '../scroll.ts';
import { filterChanged, galleryOpened, selectGallery, sortChanged, type GalleryState } from '../slice.ts';

type State = { gallery: GalleryState };
export type GalleryDispatch = ThunkDispatch<State, unknown, UnknownAction>;

export const useGalleryDispatch = () => useDispatch<GalleryDispatch>();
export const useGalleryState = () => useSelector((state: State) => selectGallery(state));

export interface UseGalleryOptions {
  type: GalleryType;
  /** Changes when the member signs in or out: the gallery opens again for the new viewer. */
  sessionKey: string | null;
  /** Collections and likes are not fetched without a token. */
  enabled: boolean;
  onLoginRequired: () => void;
}

export function useGallery({ type, sessionKey, enabled, onLoginRequired }: UseGalleryOptions) {
  const dispatch = useGalleryDispatch();
  const state = useGalleryState();
  const onLoginRef = useRef(onLoginRequired);
  useEffect(() => {
    onLoginRef.current = onLoginRequired;
  });
  // Set when the login modal was offered at the end of the page; cleared when the user scrolls away.
  const promptedRef = useRef(false);

  useEffect(() => {
    dispatch(galleryOpened(type));
    if (enabled) void dispatch(loadNextPage());
  }, [dispatch, type, sessionKey, enabled]);

  const isCurrent = state.type === type;
  const { generation, loading, page } = state;

  // A new filter or sort: page 1 again (the reducers already cleared the list).
  const generationRef = useRef(generation);
  useEffect(() => {
    if (generationRef.current === generation) return;
    generationRef.current = generation;
    if (enabled && isCurrent && page === 1 && !loading) void dispatch(loadNextPage());
  }, [dispatch, generation, enabled, isCurrent, page, loading]);

  // The scroll listener: near the end, ask for the next page.
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => {
      if (!windowIsNearEnd()) {
        promptedRef.current = false;
        return;
      }
      void dispatch(loadNextPage()).then((decision) => {
        if (decision === 'login' && !promptedRef.current) {
          promptedRef.current = true;
          onLoginRef.current();
        }
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [dispatch, enabled]);

  // After a page arrives, a page that does not fill the screen asks for the next one at once.
  useEffect(() => {
    if (!enabled || !isCurrent || loading || page === 1) return;
    const frame = requestAnimationFrame(() => {
      if (windowIsNearEnd()) void dispatch(loadNextPage());
    });
    return () => cancelAnimationFrame(frame);
  }, [dispatch, enabled, isCurrent, loading, page]);

  const setFilter = useCallback((filter: Filter) => dispatch(filterChanged(filter)), [dispatch]);
  const setSort = useCallback((sort: Sort) => dispatch(sortChanged(sort)), [dispatch]);

  return { state: isCurrent ? state : null, setFilter, setSort };
}
