// The History control: a popover with the last prompts sent (newest first). Choosing one loads it
// into the prompt box (the screen asks before overwriting a prompt being edited).
import { useId, useRef, useState } from 'react';
import { HistoryIcon } from '../../../components/ui/icons.tsx';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import styles from './prompt-history-menu.module.css';

export interface PromptHistoryMenuProps {
  history: readonly string[];
  onLoad: (prompt: string) => void;
  onClear: () => void;
  /** 'up' floats above the control (bottom bar); 'inline' opens in the flow (mobile panel). */
  placement: 'up' | 'inline';
}

export function PromptHistoryMenu({ history, onLoad, onClear, placement }: PromptHistoryMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useDismiss(open, rootRef, () => setOpen(false));

  return (
    <div className={`${styles.root} ${styles[placement]}`} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="history-button"
      >
        <HistoryIcon size={16} />
        <span>History</span>
      </button>
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label="Prompt history">
          <div className={styles.head}>
            <span>Recent prompts</span>
            {history.length > 0 ? (
              <button type="button" className={styles.clear} onClick={onClear}>
                Clear
              </button>
            ) : null}
          </div>
          {history.length === 0 ? (
            <p className={styles.empty}>Prompts you generate with show up here.</p>
          ) : (
            <ul className={styles.list}>
              {history.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    className={styles.item}
                    title={prompt}
                    onClick={() => {
                      setOpen(false);
                      onLoad(prompt);
                    }}
                  >
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
