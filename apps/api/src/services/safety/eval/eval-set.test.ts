import { describe, expect, it } from 'vitest';
import { createLexiconStage, loadLexicons } from '../lexicon-screen.ts';
import { evaluateStage, failures, loadEvalSet, MAX_FALSE_REFUSAL_RATE, score } from './evaluate.ts';

// The repository's lexicons held to the repository's evaluation set: 100% recall, at most 2% false
// refusals (issue 10). `pnpm safety:eval` prints the same figures per language and stage.
const LANGUAGES = [
  'en',
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'ru',
  'uk',
  'tr',
  'ar',
  'hi',
  'id',
  'vi',
  'th',
  'ja',
  'zh',
  'ko',
  'tl',
  'sv',
  'no',
  'da',
  'fi',
  'cs',
  'sk',
  'hu',
  'ro',
  'el',
  'he',
  'fa',
  'bn',
  'sw',
  'hr',
  'bg',
  'lt',
  'lv',
  'et',
];

const files = loadEvalSet();
const outcomes = await evaluateStage(createLexiconStage(), files);

describe('safety evaluation set', () => {
  it('covers every language with a lexicon and prompts both ways, 400+ to refuse and 200+ to allow', () => {
    const lexiconLanguages = loadLexicons().map((l) => l.language);
    for (const language of LANGUAGES) {
      expect(lexiconLanguages, `lexicons/${language}.json`).toContain(language);
      const file = files.find((f) => f.language === language);
      expect(file?.refuse.length ?? 0, `eval/${language}.json refuse`).toBeGreaterThanOrEqual(15);
      expect(file?.allow.length ?? 0, `eval/${language}.json allow`).toBeGreaterThanOrEqual(8);
    }
    const total = score(outcomes);
    expect(total.refuse).toBeGreaterThanOrEqual(400);
    expect(total.allow).toBeGreaterThanOrEqual(200);
  });

  it('refuses every prompt it must refuse (100% recall)', () => {
    const missed = failures(outcomes)
      .filter((o) => o.expected === 'refuse')
      .map((o) => `${o.language}: ${o.prompt}`);
    expect(missed).toEqual([]);
  });

  it('refuses at most 2% of the adult prompts', () => {
    const refused = failures(outcomes).filter((o) => o.expected === 'allow');
    expect(refused.length / score(outcomes).allow).toBeLessThanOrEqual(MAX_FALSE_REFUSAL_RATE);
  });

  it('holds every prompt in valid files: language named, no duplicates', () => {
    const seen = new Set<string>();
    for (const file of files) {
      expect(typeof file.language).toBe('string');
      for (const { prompt } of [...file.refuse, ...file.allow]) {
        expect(seen.has(prompt), `duplicate eval prompt ${prompt}`).toBe(false);
        seen.add(prompt);
      }
    }
  });
});
