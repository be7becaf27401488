// Copies text and confirms it for a moment ('Copied!', spec section 9). Falls back to a hidden text
// area where the Clipboard API is missing (plain-HTTP deployments are not a secure context).
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@velvet/contracts/catalog';

/** What a copy button says: 'Copy', then 'Copied!' for a moment (spec section 9). */
export const COPY_TEXTS = { copy: 'Copy', copied: 'Copied!' } as const;

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

/**
 * Copies text and names which of several copy buttons was used for `durationMs` (the wallet modal's
 * address, amount and tag: 2 s).
 */
export function useCopyConfirm<K extends string>(durationMs: number) {
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

/** One copy button: 'Copied!' for `durationMs` (1.5 s for prompts). */
export function useCopyFeedback(durationMs: number = TIMINGS.promptCopyConfirmMs) {
  const { copied, copy } = useCopyConfirm<'text'>(durationMs);
  const copyOne = useCallback((text: string) => copy('text', text), [copy]);
  return { copied: copied !== null, copy: copyOne };
}
