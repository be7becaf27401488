// Prompt history: the last prompts sent, newest first, kept in local storage under 'promptHistory'
// (nothing else of the generation screen is stored). Loading one while another prompt is being
// edited asks before overwriting it (spec section 4).
import { readJson, writeJson } from '../../lib/storage.ts';

export const PROMPT_HISTORY_KEY = 'promptHistory';
export const PROMPT_HISTORY_LIMIT = 20;
export const OVERWRITE_PROMPT_QUESTION = 'There is a prompt currently being edited. Would you like to overwrite it?';

/** The history with `prompt` at the front: trimmed, without duplicates, at most `limit` entries. */
export function addPromptToHistory(
  history: readonly string[],
  prompt: string,
  limit: number = PROMPT_HISTORY_LIMIT,
): string[] {
  const entry = prompt.trim();
  if (entry === '') return history.slice(0, limit);
  return [entry, ...history.filter((item) => item !== entry)].slice(0, limit);
}

/** A stored value as a history: anything that is not a list of non-blank strings is dropped. */
export function parsePromptHistory(value: unknown, limit: number = PROMPT_HISTORY_LIMIT): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const history: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const entry = item.trim();
    if (entry === '' || seen.has(entry)) continue;
    seen.add(entry);
    history.push(entry);
    if (history.length === limit) break;
  }
  return history;
}

/** Loading `incoming` must ask first when the box holds other, non-blank text. */
export function needsOverwriteConfirm(current: string, incoming: string): boolean {
  return current.trim() !== '' && current.trim() !== incoming.trim();
}

export function readPromptHistory(): string[] {
  return parsePromptHistory(readJson<unknown>(PROMPT_HISTORY_KEY));
}

export function writePromptHistory(history: readonly string[]): void {
  writeJson(PROMPT_HISTORY_KEY, history);
}
