// The prompt history in local storage, as React state.
import { useCallback, useState } from 'react';
import { addPromptToHistory, readPromptHistory, writePromptHistory } from '../prompt-history.ts';

export function usePromptHistory() {
  const [history, setHistory] = useState<string[]>(readPromptHistory);

  const remember = useCallback((prompt: string) => {
    // Read again: another tab may have added to it meanwhile.
    const next = addPromptToHistory(readPromptHistory(), prompt);
    writePromptHistory(next);
    setHistory(next);
  }, []);

  const clear = useCallback(() => {
    writePromptHistory([]);
    setHistory([]);
  }, []);

  return { history, remember, clear };
}
