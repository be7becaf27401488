// The prompt safety filter: refuses any prompt that refers to minors or implies them (age terms,
// numeric ages under 18, school and child words), including the usual evasions: spacing and
// punctuation between letters, leetspeak, Unicode look-alikes, fullwidth letters, accents and
// invisible characters. It runs on the server before anything is charged; the client cannot skip it.
// The word lists live in prompt-safety-terms.json.
import terms from './prompt-safety-terms.json' with { type: 'json' };

export interface PromptSafetyVerdict {
  allowed: boolean;
  /** What matched, normalised (for the review log); empty when allowed. */
  matched: string[];
}

export const PROMPT_REFUSED_DETAIL =
  'This prompt cannot be used: content involving minors, or anything that suggests them, is not allowed on Velvet.';

const MINIMUM_AGE = 18;

const WORDS = new Set(terms.words);
const PHRASES = terms.phrases.map((p) => p.split(' '));
const FUSED = terms.fused;
const NUMBER_WORDS = terms.numberWords as Record<string, number>;
const CONFUSABLES = terms.confusables as Record<string, string>;
const LEET = terms.leet as Record<string, string>;

/** Lower-case Latin letters, digits and spaces: look-alikes folded, accents and invisibles removed. */
export function foldPrompt(prompt: string): string {
  const folded = Array.from(prompt.normalize('NFKC').toLowerCase(), (ch) => CONFUSABLES[ch] ?? ch).join('');
  return folded
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\p{Cf}+/gu, '');
}

/** Digits and symbols read as letters (l0l1 -> loli, t33n -> teen). */
function unleet(text: string): string {
  return Array.from(text, (ch) => LEET[ch] ?? ch).join('');
}

const tokensOf = (text: string) => text.split(/[^a-z0-9]+/).filter(Boolean);

function containsSequence(tokens: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    for (let j = 0; j < phrase.length; j += 1) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** Runs of 3+ single-letter tokens joined ('k i d s' -> 'kids'). */
function singleLetterRuns(tokens: string[]): string[] {
  const runs: string[] = [];
  let run = '';
  for (const token of [...tokens, '']) {
    if (token.length === 1 && /[a-z]/.test(token)) run += token;
    else {
      if (run.length >= 3) runs.push(run);
      run = '';
    }
  }
  return runs;
}

function termMatches(tokens: string[]): string[] {
  const found = new Set<string>();
  for (const token of tokens) {
    if (WORDS.has(token)) found.add(token);
    for (const fused of FUSED) if (token.length > fused.length && token.includes(fused)) found.add(fused);
  }
  for (const phrase of PHRASES) if (containsSequence(tokens, phrase)) found.add(phrase.join(' '));
  // Words split across tokens: 'lo li', 'sch oolgirl'.
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const pair = tokens[i]! + tokens[i + 1]!;
    if (pair.length >= 4 && WORDS.has(pair)) found.add(pair);
    const triple = pair + (tokens[i + 2] ?? '');
    if (i + 2 < tokens.length && triple.length >= 5 && WORDS.has(triple)) found.add(triple);
  }
  for (const run of singleLetterRuns(tokens)) {
    for (const word of WORDS) if (word.length >= 3 && run.includes(word)) found.add(word);
  }
  return [...found];
}

const UNIT_PATTERN = terms.ageUnits.map((u) => u.replace(/ /g, '\\s*')).join('|');
const PREFIX_PATTERN = terms.agePrefixes.map((p) => p.replace(/ /g, '\\s+')).join('|');
const NUMBER_WORD_PATTERN = Object.keys(NUMBER_WORDS).join('|');
// '15yo', '15 y/o', '15-year-old', '15 years of age', '15th birthday', 'fifteen year old'.
const AGE_BEFORE_UNIT = new RegExp(
  `(?<![a-z0-9])(\\d{1,3}|${NUMBER_WORD_PATTERN})(?:st|nd|rd|th)?\\s*(?:-\\s*)?(?:${UNIT_PATTERN})(?![a-z])`,
  'g',
);
// 'aged 15', 'age of 12', 'just turned 16'.
const AGE_AFTER_PREFIX = new RegExp(
  `(?<![a-z])(?:${PREFIX_PATTERN})\\s*[:=]?\\s*(\\d{1,3}|${NUMBER_WORD_PATTERN})(?![0-9])`,
  'g',
);

function ageValue(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : (NUMBER_WORDS[text] ?? Number.NaN);
}

function underageMatches(text: string): string[] {
  // Punctuation between a number and its unit ('15-year-old', '15 y/o', '15y.o.') reads as a space.
  const spaced = text.replace(/[^a-z0-9]+/g, ' ');
  const found: string[] = [];
  for (const pattern of [AGE_BEFORE_UNIT, AGE_AFTER_PREFIX]) {
    for (const match of spaced.matchAll(pattern)) {
      const age = ageValue(match[1]!);
      if (Number.isFinite(age) && age < MINIMUM_AGE) found.push(match[0].trim());
    }
  }
  return found;
}

/** Checks a prompt (sanitised or not). Pure: no I/O. */
export function checkPromptSafety(prompt: string): PromptSafetyVerdict {
  const folded = foldPrompt(prompt);
  const matched = new Set<string>(underageMatches(folded));
  for (const variant of [folded, unleet(folded)]) {
    for (const term of termMatches(tokensOf(variant))) matched.add(term);
  }
  return { allowed: matched.size === 0, matched: [...matched] };
}
