import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage.ts';
import {
  addPromptToHistory,
  needsOverwriteConfirm,
  OVERWRITE_PROMPT_QUESTION,
  parsePromptHistory,
  PROMPT_HISTORY_KEY,
  PROMPT_HISTORY_LIMIT,
  readPromptHistory,
  writePromptHistory,
} from './prompt-history.ts';

describe('prompt history', () => {
  it('puts the newest prompt first, trimmed, without duplicates', () => {
    let history: string[] = [];
    history = addPromptToHistory(history, ' a cat ');
    history = addPromptToHistory(history, 'a dog');
    history = addPromptToHistory(history, 'a cat');
    expect(history).toEqual(['a cat', 'a dog']);
    expect(addPromptToHistory(history, '   ')).toEqual(history);
  });

  it('keeps the last 20', () => {
    let history: string[] = [];
    for (let i = 1; i <= 25; i += 1) history = addPromptToHistory(history, `prompt ${i}`);
    expect(PROMPT_HISTORY_LIMIT).toBe(20);
    expect(history).toHaveLength(20);
    expect(history[0]).toBe('prompt 25');
    expect(history.at(-1)).toBe('prompt 6');
  });

  it('reads only lists of non-blank strings back', () => {
    expect(parsePromptHistory(['a', 3, '', ' b ', 'a', null])).toEqual(['a', 'b']);
    for (const value of [null, 'a', 42, {}, undefined]) expect(parsePromptHistory(value)).toEqual([]);
    expect(parsePromptHistory(Array.from({ length: 30 }, (_, i) => `p${i}`))).toHaveLength(20);
  });

  it('asks before overwriting a prompt being edited', () => {
    expect(OVERWRITE_PROMPT_QUESTION).toBe('There is a prompt currently being edited. Would you like to overwrite it?');
    expect(needsOverwriteConfirm('', 'a cat')).toBe(false);
    expect(needsOverwriteConfirm('  \n', 'a cat')).toBe(false);
    expect(needsOverwriteConfirm('a cat ', 'a cat')).toBe(false);
    expect(needsOverwriteConfirm('a dog', 'a cat')).toBe(true);
  });

  describe('storage', () => {
    let local: MemoryStorage;
    beforeEach(() => {
      local = new MemoryStorage();
      vi.stubGlobal('window', { localStorage: local, sessionStorage: new MemoryStorage() });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("lives in local storage under 'promptHistory'", () => {
      expect(readPromptHistory()).toEqual([]);
      writePromptHistory(['a cat', 'a dog']);
      expect(JSON.parse(local.getItem(PROMPT_HISTORY_KEY) ?? 'null')).toEqual(['a cat', 'a dog']);
      expect(PROMPT_HISTORY_KEY).toBe('promptHistory');
      expect(readPromptHistory()).toEqual(['a cat', 'a dog']);
    });

    it('treats a corrupt value as empty', () => {
      local.setItem(PROMPT_HISTORY_KEY, '{not json');
      expect(readPromptHistory()).toEqual([]);
    });
  });
});
