// Copies text and says 'Copied!' for 1.5 s (spec section 9). Falls back to a hidden text area where
// the Clipboard API is missing (plain-HTTP deployments are not a secure context).
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@velvet/contracts/catalog';

function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the text area
  }
  return copyWithTextArea(text);
}

export function useCopyFeedback(durationMs: number = TIMINGS.promptCopyConfirmMs) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      if (!ok) return false;
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), durationMs);
      return true;
    },
    [durationMs],
  );
  return { copied, copy };
}
