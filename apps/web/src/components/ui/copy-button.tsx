// A copy button (spec section 9): a copy icon and 'Copy', then a check and 'Copied!' while `copied`,
// said again to screen readers. The caller does the copying (useCopyFeedback or useCopyConfirm) and gives
// the look with `className`; `data-copied` is there for styles that key on it.
import type { ButtonHTMLAttributes } from 'react';
import { COPY_TEXTS } from '../../lib/use-copy-feedback.ts';
import { CheckIcon, CopyIcon } from './icons.tsx';

export interface CopyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> {
  copied: boolean;
  /** Names what is copied (aria-label and tooltip) where 'Copy' alone does not say it. */
  label?: string;
  iconSize?: number;
}

export function CopyButton({ copied, label, iconSize = 16, ...props }: CopyButtonProps) {
  return (
    <button type="button" aria-label={label} title={label} data-copied={copied} {...props}>
      {copied ? <CheckIcon size={iconSize} /> : <CopyIcon size={iconSize} />}
      <span aria-live="polite">{copied ? COPY_TEXTS.copied : COPY_TEXTS.copy}</span>
    </button>
  );
}
