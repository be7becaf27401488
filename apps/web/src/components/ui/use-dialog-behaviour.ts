// What every dialog of the app does while open: the page behind does not scroll, focus moves into the
// dialog and back to where it was on close, and Escape closes it (when `onEscape` is given).
import { useEffect, useRef, type RefObject } from 'react';
import { useBodyScrollLock } from '../../lib/scroll-lock.ts';

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
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !onEscapeRef.current) return;
      event.stopPropagation();
      onEscapeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.({ preventScroll: true });
    };
  }, [open, dialogRef]);
}
