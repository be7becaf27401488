// Reference-counted body scroll lock: modals, the mobile menu sheet and the mobile /generate screen
// may each hold a lock; scrolling comes back when the last one is released.
import { useEffect } from 'react';

let holders = 0;
let previousOverflow = '';

export function lockBodyScroll(): () => void {
  const body = globalThis.document?.body;
  if (!body) return () => {};
  if (holders === 0) {
    previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    body.dataset.scrollLocked = 'true';
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      body.style.overflow = previousOverflow;
      delete body.dataset.scrollLocked;
    }
  };
}

export function useBodyScrollLock(active: boolean): void {
  useEffect(() => (active ? lockBodyScroll() : undefined), [active]);
}
