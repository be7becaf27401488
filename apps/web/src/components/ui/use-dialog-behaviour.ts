// What every dialog of the app does while open: the page behind does not scroll, focus moves into the
// dialog, Tab and Shift+Tab cycle inside it (aria-modal alone does not stop the browser tabbing out to
// the page behind), focus goes back to where it was on close, and Escape closes it (when `onEscape` is
// given).
import { useEffect, useRef, type RefObject } from 'react';
import { useBodyScrollLock } from '../../lib/scroll-lock.ts';

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The elements inside `root` that Tab stops on, in document order (tabindex order is not used). */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/** Keeps Tab inside `dialog`: from the last stop to the first, from the first (or the dialog) to the last. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  const stops = tabbableIn(dialog);
  if (stops.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !dialog.contains(active);
  if (event.shiftKey && (outside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** The open dialogs, newest last: only the topmost one traps Tab and answers Escape. */
const openDialogs: object[] = [];

export function useDialogBehaviour(
  open: boolean,
  dialogRef: RefObject<HTMLElement | null>,
  onEscape: (() => void) | undefined,
): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const token = {};
    openDialogs.push(token);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A child with autoFocus (the gate's Enter Site) has focus already; keep it there.
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== token) return;
      if (event.key === 'Tab') {
        if (dialogRef.current) trapTab(event, dialogRef.current);
        return;
      }
      if (event.key !== 'Escape' || !onEscapeRef.current) return;
      event.stopPropagation();
      onEscapeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      previous?.focus?.({ preventScroll: true });
    };
  }, [open, dialogRef]);
}
