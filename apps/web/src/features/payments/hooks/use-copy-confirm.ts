// Copy a text to the clipboard and confirm it for a moment (2 s in the wallet modal, spec section 9).
// Several copy buttons can share one hook: the confirmation names the one that was used.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@velvet/contracts/catalog';
import { copyText } from '../../../lib/use-copy-feedback.ts';

export function useCopyConfirm<K extends string>(durationMs: number = TIMINGS.walletCopyConfirmMs) {
  const [copied, setCopied] = useState<K | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (key: K, text: string) => {
      if (!(await copyText(text))) return false;
      setCopied(key);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), durationMs);
      return true;
    },
    [durationMs],
  );

  return { copied, copy };
}
