import { useSyncExternalStore } from 'react';
import { LAYOUT } from '@velvet/contracts/catalog';
import { useServerFirstScreen } from '../../../lib/first-screen.ts';

/** `serverValue`: the answer while rendering on the server (from the first-screen cookie's layout). */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Mobile is under 768px wide (spec section 2). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, useServerFirstScreen()?.layout === 'mobile');
}

/** Below this width (and from 768px) the desktop side panel shows only its icons, so Explore keeps two columns. */
export const FULL_PANEL_MIN_WIDTH_PX = 1024;
export const COMPACT_PANEL_MEDIA_QUERY = `(min-width: ${LAYOUT.mobileBreakpointPx}px) and (max-width: ${FULL_PANEL_MIN_WIDTH_PX - 0.02}px)`;

export function useIsCompactPanel(): boolean {
  return useMediaQuery(COMPACT_PANEL_MEDIA_QUERY, useServerFirstScreen()?.layout === 'icons');
}
