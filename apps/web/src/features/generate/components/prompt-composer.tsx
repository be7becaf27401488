// The prompt box (spec sections 2 and 5): Enter generates, Shift+Enter inserts a newline; the Generate
// button shows its coin cost and is disabled while the prompt is blank. The History control lists the
// last prompts sent.
import { useId, type KeyboardEvent, type Ref } from 'react';
import { CoinIcon, WandIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PromptHistoryMenu } from './prompt-history-menu.tsx';
import styles from './prompt-composer.module.css';

export interface PromptComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  canSubmit: boolean;
  busy: boolean;
  cost: number;
  history: readonly string[];
  onLoadHistory: (prompt: string) => void;
  onClearHistory: () => void;
  variant: 'bar' | 'panel';
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function PromptComposer({
  value,
  onChange,
  onSubmit,
  canSubmit,
  busy,
  cost,
  history,
  onLoadHistory,
  onClearHistory,
  variant,
  textareaRef,
}: PromptComposerProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSubmit && !busy) onSubmit();
  };

  return (
    <form
      className={`${styles.composer} ${styles[variant]}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit && !busy) onSubmit();
      }}
      data-testid="prompt-composer"
    >
      <label htmlFor={id} className="visually-hidden">
        Prompt
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Describe the image you want to create..."
        rows={variant === 'panel' ? 3 : 2}
        spellCheck
        data-testid="prompt-input"
      />
      <div className={styles.toolbar}>
        <PromptHistoryMenu
          history={history}
          onLoad={onLoadHistory}
          onClear={onClearHistory}
          placement={variant === 'bar' ? 'up' : 'inline'}
        />
        <span className={styles.hint} aria-hidden="true">
          <kbd>Enter</kbd> to generate · <kbd>Shift</kbd>+<kbd>Enter</kbd> new line
        </span>
        <button
          type="submit"
          className={styles.generate}
          disabled={!canSubmit || busy}
          aria-busy={busy || undefined}
          data-testid="generate-button"
        >
          {busy ? <Spinner size={16} /> : <WandIcon size={18} />}
          <span>Generate</span>
          <span className={styles.cost} data-testid="generate-cost">
            <CoinIcon size={14} />
            {cost}
          </span>
        </button>
      </div>
    </form>
  );
}
