// Where the toasts show while a large dialog is open. The image detail view covers nearly the whole
// window, so toasts in their usual corner would lie over its controls; it offers a slot in its own
// layout instead, and the toast container renders there while the slot exists. (Inside the dialog is
// also where a screen reader, confined to an aria-modal dialog, can still hear them.)
import { useSyncExternalStore } from 'react';

let current: HTMLElement | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** A ref callback (React 19, with cleanup) for the slot element: toasts show there while it is mounted. */
export function toastSlotRef(element: HTMLElement | null): (() => void) | undefined {
  // React 19 calls the cleanup below instead of passing null; null only comes from older callers.
  if (element === null) return undefined;
  current = element;
  notify();
  return () => {
    if (current !== element) return;
    current = null;
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open dialog's toast slot, or null when the toasts use their own corner. */
export function useToastSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
