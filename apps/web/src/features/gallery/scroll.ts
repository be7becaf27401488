// Infinite scroll (spec section 4): the next page is asked for when the viewport's bottom is within
// 200px of the document's end.
import { GALLERY } from '@velvet/contracts/catalog';

export function isNearDocumentEnd(
  scrollTop: number,
  viewportHeight: number,
  documentHeight: number,
  thresholdPx: number = GALLERY.scrollThresholdPx,
): boolean {
  return documentHeight - (scrollTop + viewportHeight) <= thresholdPx;
}

/** The same test against the live window. */
export function windowIsNearEnd(): boolean {
  const root = document.documentElement;
  return isNearDocumentEnd(window.scrollY, window.innerHeight, Math.max(root.scrollHeight, document.body.scrollHeight));
}
