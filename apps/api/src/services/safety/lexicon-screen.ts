// The first prompt stage: deterministic, offline, always on. Every prompt on Velvet is sexual by
// nature, so any reference to a minor refuses it. The knowledge is data, one lexicon per language
// (lexicons/<lang>.json, format in lexicons/README.md); this file only reads text the way an evader
// writes it. Matching runs on three readings of the prompt:
//   - as written: NFKC, lowercased, invisible and control characters removed, every script kept
//     (so Russian stays Russian and Japanese stays Japanese);
//   - folded: look-alike letters of other scripts mapped to Latin, accents removed ('сhild' with a
//     Cyrillic с, 'chíld');
//   - folded and read as leetspeak ('t33n', 'l0l1').
// Terms match whole words (with `*` for free ends), scripts written without spaces match by
// substring, and age expressions (numbers of every script, CJK numerals and each language's number
// words, next to that language's age, grade, birthday, born-in and class-of words) refuse ages under 18.
import fs from 'node:fs';
import fold from './lexicons/_fold.json' with { type: 'json' };
import type { PromptSafetyStage, SafetyVerdict } from '../../providers/safety/verdict.ts';

export const MINIMUM_AGE = 18;
/** Grades and school years up to this number are school children (grade 12, year 13). */
const MAX_SCHOOL_GRADE = 13;

export const TERM_KINDS = ['minor', 'school', 'slang', 'body', 'family', 'implied', 'csam'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export interface Lexicon {
  language: string;
  name: string;
  terms: Partial<Record<TermKind, string[]>>;
  allow?: string[];
  numbers?: Record<string, number>;
  ageAfter?: string[];
  /** Words after a number that count an age in smaller units, each with how many make a year ('144 months old'). */
  agePer?: Record<string, number>;
  ageBefore?: string[];
  gradeAfter?: string[];
  gradeBefore?: string[];
  bornBefore?: string[];
  /** Words that may stand between a born-in word and the year: months, 'on', 'the' ('born on 1 may 2013'). */
  dateWords?: string[];
  /** Words after a birth year ('2012 doğumlu', '2012年生まれ'). */
  bornAfter?: string[];
  classOfBefore?: string[];
  /** Words after a school-leaving year ('2030 mezunu'). */
  classOfAfter?: string[];
  birthdayAfter?: string[];
  /** Words after which a bare number under 18 is an age ('girl, 12'). */
  personBefore?: string[];
  /**
   * Pronouns whose number is an age when only another of them or the end of a list item follows
   * ('she 16 he 40', 'him 45, her 15'; not 'her 2 friends').
   */
  pronounBefore?: string[];
  /**
   * A number that ends a comma-list item (or the prompt) right after one of `before` is an age
   * ('nude 14', 'girl just 14', 'nude at 13'); one of `after` may follow it ('just 14 years'). Only
   * there: 'nude 2 girls' and 'only 2 left' are counts.
   */
  ageAtItemEnd?: {
    before: string[];
    after?: string[];
    /**
     * Words that make the number after them an age only when the two are the whole item ('à 13', 'a
     * 13', 'di 13'; not 'rated a 10'). And an item that is a number and one of `after` alone is an age
     * too ('13 et demi', 'tredici e mezzo').
     */
    alone?: string[];
  };
  /**
   * A number from 2 to 17 before one of `words`, singular, is an age ('nude 14 girl'; '1girl' and
   * '2 girls' are counts), unless one of `notBefore` follows ('a 3 girl band').
   */
  personAfter?: { words: string[]; notBefore?: string[] };
  /**
   * A number between one of `before` and one of `after` is an age ('of 14 years', 'in her fourteenth
   * year'), unless one of `notBefore` follows ('in her 14th year of marriage').
   */
  ageBetween?: Array<{ before: string[]; after: string[]; notBefore?: string[] }>;
}

const CONFUSABLES = fold.confusables as Record<string, string>;
const LEET = fold.leet as Record<string, string>;
/** Characters that stand for a second letter as often ('1' is 'i' in 'k1d' and 'l' in '1oli'): a fourth reading. */
const LEET_ALTERNATES = { ...LEET, ...(fold.leetAlternates as Record<string, string>) };
const HAS_LEET_ALTERNATE = new RegExp(`[${Object.keys(fold.leetAlternates).map(escapeRegExp).join('')}]`, 'u');
/** Emoji of children and babies, read as a word ('nude 👧' is 'nude child'). */
const PICTOGRAPHS = fold.pictographs as Record<string, string>;
const PICTOGRAPH = new RegExp(`(?:${Object.keys(PICTOGRAPHS).join('|')})`, 'gu');

// ---------------------------------------------------------------------------------------------
// Reading the text

/** Zero code points of the decimal digit blocks (ASCII, Arabic-Indic, Devanagari, Thai, fullwidth...). */
const DIGIT_ZEROS = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
  0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0,
  0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
];

function asciiDigit(ch: string): string {
  const code = ch.codePointAt(0)!;
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return ch;
}

const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;
// U+20E3 (the keycap's enclosing mark) too: '1️⃣2️⃣' reads '12'.
const INVISIBLE =
  /[\p{Cf}\p{Cc}\u0640\u115F\u1160\u3164\uFFA0]|\u034F|\u20E3|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]/gu;

/** ¼ ½ ¾ and the other vulgar fractions. */
const VULGAR_FRACTION = /[\u00BC-\u00BE\u2150-\u215E\u2189]/gu;

const HTML_ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/giu;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML character references as their characters ('t&#101;en'). */
function withoutEntities(text: string): string {
  return text.replace(HTML_ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    const code = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : null;
    if (code === null) return NAMED_ENTITIES[name!.toLowerCase()] ?? entity;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** As written: HTML character references decoded, NFKC, lowercase, invisible/control characters and the Arabic tatweel (a stretching filler) gone, digits of every script as ASCII. */
export function readAsWritten(prompt: string): string {
  return (
    withoutEntities(prompt)
      .replace(/\s+/gu, ' ')
      // '13½' is '13 1/2' (NFKC alone would glue the fraction's 1 to the number: '131⁄2').
      .replace(VULGAR_FRACTION, ' $&')
      .normalize('NFKC')
      .toLowerCase()
      .replace(INVISIBLE, '')
      .replace(NON_ASCII_DIGIT, asciiDigit)
      .replace(PICTOGRAPH, (emoji) => ` ${PICTOGRAPHS[emoji]} `)
  );
}

/** Folded: look-alikes of other scripts as Latin letters, accents removed. */
const FOLDED_MARKS =
  /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu;

function withoutConfusables(text: string): string {
  return Array.from(text, (ch) => CONFUSABLES[ch] ?? ch).join('');
}

export function foldText(text: string): string {
  // Look-alikes are mapped before and after the accents go: 'ώ' is a look-alike only once it is 'ω'
  // (else 'ετών' and 'ετων' folded apart).
  return withoutConfusables(
    withoutConfusables(text)
      .normalize('NFD')
      // Accents of Latin, Greek and Cyrillic letters and Arabic/Hebrew vowel points only: in Devanagari
      // or Thai the marks are vowels, and dropping them would make different words one (बेटी and बूट).
      .replace(FOLDED_MARKS, '$1')
      .normalize('NFC'),
  );
}

/** Backwards-compatible name: the folded reading of a raw prompt. */
export function foldPrompt(prompt: string): string {
  return foldText(readAsWritten(prompt));
}

function unleet(text: string, map: Record<string, string> = LEET): string {
  return Array.from(text, (ch) => map[ch] ?? ch).join('');
}

/** The leet reading with the alternates, when the text holds one ('1oli' is 'loli'). */
function alternateLeetReadings(folded: string): string[] {
  return HAS_LEET_ALTERNATE.test(folded) ? [unleet(folded, LEET_ALTERNATES)] : [];
}

const LETTER_RUN = /(\p{L})\1{2,}/gu;

/**
 * A letter written three or more times in a row ('teeeen', 'kiiid', 'looooli'), read once and twice:
 * the two readings the folded text gets besides its own when it has such a run (words with a letter
 * three times over are rare in any language; doubled letters are left alone, 'lollipop' stays itself).
 */
function stretchedReadings(text: string): string[] {
  LETTER_RUN.lastIndex = 0;
  if (!LETTER_RUN.test(text)) return [];
  return [text.replace(LETTER_RUN, '$1'), text.replace(LETTER_RUN, '$1$1')];
}

/** Scripts written without spaces between words (and Korean, whose words carry particles). */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hangul}\u30FC]/u;

interface Token {
  text: string;
  start: number;
  end: number;
  /** For a token joined from several ('lo li' -> 'loli'): the tokens it was made of, and where each starts. */
  parts?: string[];
  partStarts?: number[];
  /** Joined from single letters ('a k i d'): terms are looked for anywhere inside it. */
  letters?: boolean;
  /** Joined from two halves of 4 letters or more: only whole terms of `LONG_JOIN_MIN_LETTERS` match it. */
  longHalves?: boolean;
}

/**
 * Words: runs of letters, marks and digits, cut where an unspaced script meets another ('裸のjc' is
 * '裸の' and 'jc', so Latin terms are found inside Japanese or Chinese text).
 */
const WORD = new RegExp(
  `(?:(?=${UNSPACED.source})[\\p{L}\\p{M}\\p{N}])+(?:\\p{M})*|(?:(?!${UNSPACED.source})[\\p{L}\\p{M}\\p{N}])+`,
  'gu',
);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Letters and digits only: for substring terms of unspaced scripts ('女子 中学生', '女子·中学生'). */
function compact(text: string): string {
  return text.replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

// ---------------------------------------------------------------------------------------------
// Compiling the lexicons

interface Term {
  /** The term as written in its lexicon (for the log). */
  source: string;
  language: string;
  kind: TermKind;
  /** The folded form of the term (else as written). */
  folded: boolean;
  /** Substring term of an unspaced script: matched in the compact text. */
  substring: string | null;
  /** Word term: its words; wildcards on the outer ends. */
  words: string[];
  startFree: boolean;
  endFree: boolean;
}

interface AgeRule {
  language: string;
  rule: 'years' | 'age' | 'grade' | 'born' | 'class-of' | 'birthday' | 'person' | 'item-end';
  pattern: RegExp;
  /** Run on each comma-list item alone (the pattern ends at the item's end), not on the whole text. */
  perItem?: boolean;
  /**
   * For a rule whose words follow the number: those words alone. The rule cannot match a text these
   * do not occur in, and testing them first is much cheaper than looking for a number of any
   * language at every word of the prompt.
   */
  wordsAfter?: RegExp;
  /**
   * For a rule with a number (group "n") that must not follow a tens word ('twenty-five years old' is
   * not 'five years old'): whether the number opens the match. That lookbehind is not in `pattern`,
   * which holds the rest; `ruleMatches` checks it at each match's number (see there).
   */
  numberAfterTens?: 'opens' | 'inside';
  /** Whether the number found (group "n") refuses. */
  refuses: (n: number) => boolean;
  /** The value of group "n": digits, or one of the language's number words. */
  valueOf: (raw: string) => number;
}

interface CompiledLexicons {
  languages: string[];
  /** Every term, in its written and its folded form. */
  terms: Term[];
  allow: Term[];
  ageRules: AgeRule[];
  /**
   * Matches (empty, sticky) where no tens word of any language comes just before: the lookbehind the
   * rules with `numberAfterTens` need at their number. Null when no lexicon has tens words.
   */
  notAfterTens: RegExp | null;
  /** Number words a comma-list item may be alone, with their values ('nude, fifteen'). */
  listNumbers: Map<string, number>;
  /** A pronoun and its age in a list item (every lexicon's `pronounBefore`), or null. */
  pronounAge: RegExp | null;
}

function parseTerm(source: string, language: string, kind: TermKind, variant: 'written' | 'folded'): Term | null {
  const folded = variant === 'folded';
  let text = readAsWritten(source.trim());
  if (folded) text = foldText(text);
  if (!text) return null;
  // Any character of an unspaced script makes it a substring term, mixed ones too ('jkリフレ').
  if (UNSPACED.test(text)) {
    return {
      source,
      language,
      kind,
      folded,
      substring: compact(text.replace(/\*/g, '')),
      words: [],
      startFree: true,
      endFree: true,
    };
  }
  const startFree = text.startsWith('*');
  const endFree = text.endsWith('*');
  const words = tokenize(text.replace(/\*/g, '')).map((t) => t.text);
  if (words.length === 0) return null;
  return { source, language, kind, folded, substring: null, words, startFree, endFree };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A word list as a regex alternation: spaces match any run of separators; longest first. */
function alternation(words: readonly string[]): string {
  const variants = new Set<string>();
  for (const word of words) {
    const written = readAsWritten(word).trim();
    for (const form of [written, foldText(written)]) {
      if (!form) continue;
      variants.add(
        form
          .split(/[^\p{L}\p{M}\p{N}]+/u)
          .filter(Boolean)
          .map(escapeRegExp)
          .join('\\s*'),
      );
    }
  }
  return [...variants].sort((a, b) => b.length - a.length).join('|');
}

/** Lookbehind/lookahead so that a Latin-like word is whole; unspaced scripts need none. */
function before(words: readonly string[]): string {
  return words.some((w) => !UNSPACED.test(w)) ? '(?<![\\p{L}\\p{M}\\p{N}])' : '';
}

const CJK_NUMERAL_RUN = /[〇零一二两兩三四五六七八九十]+/g;
const CJK_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** '十二' -> 12, '二十' -> 20, '十' -> 10, '七' -> 7 (ages and grades need no more). */
function cjkNumeral(run: string): number | null {
  if (!run.includes('十')) return run.length === 1 ? (CJK_DIGITS[run] ?? null) : null;
  const [tens, ones] = run.split('十') as [string, string];
  const t = tens === '' ? 1 : CJK_DIGITS[tens];
  const o = ones === '' ? 0 : CJK_DIGITS[ones];
  if (t === undefined || o === undefined || tens.length > 1 || ones.length > 1) return null;
  return t * 10 + o;
}

/** The age reading: CJK numerals of up to two digits become ASCII numbers. */
function withCjkNumbers(text: string): string {
  return text.replace(CJK_NUMERAL_RUN, (run) => {
    const value = cjkNumeral(run);
    return value === null ? run : String(value);
  });
}

/**
 * After a number that would be an age: not another number ('5 2' from 5'2") and not a unit of
 * measure ('she is 5 feet tall', 'girl 2 inches away').
 */
const NOT_A_MEASURE =
  '(?!\\s*\\d)(?!\\s*(?:cm|mm|m|in|inch|inches|ft|feet|foot|k|x|kg|lb|lbs|meters|metres|percent|times|' +
  // The same units in the lexicons' languages ('mujer de 2 metros' is a giantess, not a child of 2).
  'metro|metros|metri|metre|mètre|mètres|meter|metern|centímetros|centimetros|centimètres|centimetri|zentimeter|' +
  'kilos|kilo|libras|pies|pés|pieds|piedi|fuß|fuss|zoll|pulgadas|polegadas|pouces|pollici|' +
  'м|см|метр|метра|метров|кг)(?![\\p{L}]))';

/** Words between tens and units in spelled-out numbers ('vingt et un', 'douăzeci și cinci', 'بیست و پنج'; 'einundzwanzig' is one word). */
const TENS_JOINERS = '(?:and|et|y|e|und|en|i|и|і|ve|dan|at|și|si|og|na|و)';

/**
 * An ordinal ending written on digits ('12th', '7º', '12o'). Only on digits: a number word with an
 * ending is another word (Slovak 'tri' + 'e' + 'r' for years read the English 'trier' as an age); the
 * lexicons list their ordinal words.
 */
const ORDINAL_SUFFIX =
  '(?:(?<=\\d)(?:st|nd|rd|th|º|ª|°|o|a|e|er|re|ème|eme|e|te|ste|ter|ten|ste|ый|ий|ой|ая|я|й|ci|inci|ıncı|uncu|üncü|ncı|nci))?\\.?';

/** Tens words of every language (values 20, 30... 90): 'treinta y cinco años' is 35 in Portuguese rules too. */
function tensWords(lexicons: Lexicon[]): string[] {
  return lexicons.flatMap((l) =>
    Object.entries(l.numbers ?? {})
      .filter(([, n]) => n >= 20 && n < 100 && n % 10 === 0)
      .map(([word]) => word),
  );
}

function compileAgeRules(lexicon: Lexicon, currentYear: number, tens: string[]): AgeRule[] {
  const language = lexicon.language;
  const numberWords = Object.keys(lexicon.numbers ?? {});
  const numberValues = new Map<string, number>();
  for (const [word, value] of Object.entries(lexicon.numbers ?? {})) {
    const written = readAsWritten(word)
      .trim()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ');
    numberValues.set(written, value);
    numberValues.set(foldText(written), value);
  }
  const numberAlt = numberWords.length ? `|${alternation(numberWords)}` : '';
  // A number that must not follow a tens word: `ruleMatches` checks that at the number, with one
  // pattern for every rule (`notAfterTens`), instead of each rule holding the lookbehind over every
  // language's tens words (3,500 characters in each of ~95 patterns: docs/performance.md).
  const NUMBER = `(?<n>\\d{1,4}${numberAlt})`;
  const YEAR = '(?<n>\\d{4})';
  const rules: AgeRule[] = [];
  const value = (raw: string): number => {
    if (/^\d+$/.test(raw)) return Number(raw);
    const spaced = raw.replace(/\s+/g, ' ');
    return numberValues.get(spaced) ?? numberValues.get(spaced.replace(/ /g, '')) ?? Number.NaN;
  };
  const add = (
    rule: AgeRule['rule'],
    source: string,
    refuses: (n: number) => boolean,
    wordsAfter?: string,
    numberAfterTens?: AgeRule['numberAfterTens'],
  ) => {
    // Without tens words in any lexicon there is nothing to check at the number.
    const checked = tens.length ? numberAfterTens : undefined;
    rules.push({
      language,
      rule,
      // `d`: the number's place in a match, where `ruleMatches` checks for a tens word before it.
      pattern: new RegExp(source, checked ? 'dgu' : 'gu'),
      ...(wordsAfter ? { wordsAfter: new RegExp(wordsAfter, 'u') } : {}),
      ...(checked ? { numberAfterTens: checked } : {}),
      refuses,
      valueOf: value,
    });
  };
  const underAge = (n: number) => n >= 0 && n < MINIMUM_AGE;
  const schoolGrade = (n: number) => n >= 0 && n <= MAX_SCHOOL_GRADE;
  const minorBirthYear = (n: number) => n > currentYear - MINIMUM_AGE && n <= currentYear + 1;
  const stillAtSchool = (n: number) => n >= currentYear && n <= currentYear + 15;
  const NUMBER_START = '(?<![\\p{L}\\p{M}\\p{N}])';
  const NUMBER_END = '(?![\\p{N}])';
  const WORD_END = '(?![\\p{L}\\p{M}\\p{N}])';
  // Right after a word: digits may be glued to it ('nude14'), a number word may not ('atone' is not 'at one').
  const AFTER_A_WORD = '(?:(?<![\\p{L}\\p{M}])|(?=\\d))';

  if (lexicon.ageAfter?.length) {
    const units = alternation(lexicon.ageAfter);
    add('years', `${NUMBER_START}${NUMBER}${ORDINAL_SUFFIX}\\s*(?:${units})${WORD_END}`, underAge, units, 'opens');
    // CJK counters follow a number with no break, and the word after them is free ('12歳の').
    const unspaced = lexicon.ageAfter.filter((u) => UNSPACED.test(u));
    if (unspaced.length) {
      const after = alternation(unspaced);
      add('years', `(?<![\\p{N}])(?<n>\\d{1,4})\\s*(?:${after})`, underAge, after);
    }
  }
  // '144 months old', '600 weeks old': the number over the units in a year.
  const perYear = new Map<number, string[]>();
  for (const [words, count] of Object.entries(lexicon.agePer ?? {}))
    perYear.set(count, [...(perYear.get(count) ?? []), words]);
  for (const [count, words] of perYear) {
    const units = alternation(words);
    add('years', `${NUMBER_START}${NUMBER}\\s*(?:${units})${WORD_END}`, (n) => underAge(n / count), units, 'opens');
  }
  if (lexicon.birthdayAfter?.length) {
    const after = alternation(lexicon.birthdayAfter);
    add('birthday', `${NUMBER_START}${NUMBER}${ORDINAL_SUFFIX}\\s*(?:${after})`, underAge, after, 'opens');
  }
  if (lexicon.gradeAfter?.length) {
    const after = alternation(lexicon.gradeAfter);
    add('grade', `${NUMBER_START}${NUMBER}${ORDINAL_SUFFIX}\\s*(?:${after})${WORD_END}`, schoolGrade, after, 'opens');
  }
  // Between a born-in word and its year, a day and a month ('born on 1 may 2013', 'born 05/2013').
  const dateParts = lexicon.dateWords?.length
    ? `(?:(?:\\d{1,2}|${alternation(lexicon.dateWords)})${WORD_END}\\s*){0,3}`
    : '';
  const prefixed = (
    rule: AgeRule['rule'],
    words: string[] | undefined,
    num: string,
    refuses: (n: number) => boolean,
  ) => {
    if (!words?.length) return;
    const between = rule === 'born' ? dateParts : '';
    add(
      rule,
      `${before(words)}(?:${alternation(words)})\\s*${between}${num}${NUMBER_END}${num === YEAR ? '' : WORD_END + NOT_A_MEASURE}`,
      refuses,
      undefined,
      num === NUMBER ? 'inside' : undefined,
    );
  };
  prefixed('age', lexicon.ageBefore, NUMBER, underAge);
  prefixed('grade', lexicon.gradeBefore, NUMBER, schoolGrade);
  prefixed('born', lexicon.bornBefore, YEAR, minorBirthYear);
  prefixed('class-of', lexicon.classOfBefore, YEAR, stillAtSchool);
  const suffixed = (rule: AgeRule['rule'], words: string[] | undefined, refuses: (n: number) => boolean) => {
    if (!words?.length) return;
    const end = words.some((w) => !UNSPACED.test(w)) ? WORD_END : '';
    add(rule, `${NUMBER_START}${YEAR}\\s*(?:${alternation(words)})${end}`, refuses);
  };
  suffixed('born', lexicon.bornAfter, minorBirthYear);
  suffixed('class-of', lexicon.classOfAfter, stillAtSchool);
  // 'girl, 12' / 'niña 12': a bare number just after a person word. Only 1..17, and not a measure.
  if (lexicon.personBefore?.length) {
    add(
      'person',
      `${before(lexicon.personBefore)}(?:${alternation(lexicon.personBefore)})\\s*(?<n>\\d{1,2}${numberAlt})${WORD_END}${NOT_A_MEASURE}`,
      (n) => n >= 1 && n < MINIMUM_AGE,
    );
  }
  // 'nude 14', 'girl just 14': a number that ends the item (the item's punctuation is spaces here).
  if (lexicon.ageAtItemEnd) {
    const { before: words, after = [], alone = [] } = lexicon.ageAtItemEnd;
    const tail = after.length ? `(?:\\s*(?:${alternation(after)}))?` : '';
    const perItem = (source: string, numberAfterTens?: AgeRule['numberAfterTens']) => {
      add('item-end', source, underAge, undefined, numberAfterTens);
      rules.at(-1)!.perItem = true;
    };
    if (words.length)
      perItem(
        `${before(words)}(?:${alternation(words)})\\s*${AFTER_A_WORD}${NUMBER}${NUMBER_END}${tail}\\s*$`,
        'inside',
      );
    // The item is only that word and the number; or only the number and an `after` word.
    if (alone.length) perItem(`^\\s*(?:${alternation(alone)})\\s*${AFTER_A_WORD}${NUMBER}${NUMBER_END}${tail}\\s*$`);
    if (after.length) perItem(`^\\s*${NUMBER}${NUMBER_END}\\s*(?:${alternation(after)})\\s*$`);
  }
  // 'nude 14 girl': a singular person word after a number; '1girl' and '2 girls' are counts.
  if (lexicon.personAfter?.words.length) {
    const { words, notBefore = [] } = lexicon.personAfter;
    const notGroup = notBefore.length ? `(?!\\s*(?:${alternation(notBefore)})${WORD_END})` : '';
    add(
      'person',
      `${NUMBER_START}${NUMBER}${NUMBER_END}\\s*(?:${alternation(words)})${WORD_END}${notGroup}`,
      (n) => n >= 2 && n < MINIMUM_AGE,
      alternation(words),
      'opens',
    );
  }
  // 'of 14 years', 'in her fourteenth year'.
  for (const { before: first, after, notBefore = [] } of lexicon.ageBetween ?? []) {
    const notNext = notBefore.length ? `(?!\\s*(?:${alternation(notBefore)})${WORD_END})` : '';
    add(
      'age',
      `${before(first)}(?:${alternation(first)})\\s*${AFTER_A_WORD}${NUMBER}${NUMBER_END}${ORDINAL_SUFFIX}\\s*(?:${alternation(after)})${WORD_END}${notNext}`,
      underAge,
      alternation(after),
      'inside',
    );
  }
  return rules;
}

const LEXICON_DIR = new URL('./lexicons/', import.meta.url);

/** Every `lexicons/<lang>.json` (files starting with `_` hold shared data, not a language). */
export function loadLexicons(dir: URL = LEXICON_DIR): Lexicon[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^[a-z]{2,3}\.json$/.test(file))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(new URL(file, dir), 'utf8')) as Lexicon);
}

export function compileLexicons(lexicons: Lexicon[], today: Date = new Date()): CompiledLexicons {
  const terms: Term[] = [];
  const allow: Term[] = [];
  const ageRules: AgeRule[] = [];
  const tens = tensWords(lexicons);
  for (const lexicon of lexicons) {
    for (const kind of TERM_KINDS) {
      for (const source of lexicon.terms[kind] ?? []) {
        for (const variant of ['written', 'folded'] as const) {
          const term = parseTerm(source, lexicon.language, kind, variant);
          if (term) terms.push(term);
        }
      }
    }
    for (const source of lexicon.allow ?? []) {
      for (const variant of ['written', 'folded'] as const) {
        const term = parseTerm(source, lexicon.language, 'minor', variant);
        if (term) allow.push(term);
      }
    }
    ageRules.push(...compileAgeRules(lexicon, today.getUTCFullYear(), tens));
  }
  return {
    languages: lexicons.map((l) => l.language),
    // A term is matched in every reading whichever form it came from, so a folded form the same as the
    // written one is the same term (most Latin ones: ~2.3 MiB of heap less). An allowed phrase keeps
    // both: only its written form excuses ('kindergärtnerin' is not 'kindergartnerin').
    terms: dedupe(terms, false),
    allow: dedupe(allow, true),
    ageRules,
    // 'twenty-five years old' is not 'five years old': no number word right after a tens word.
    notAfterTens: tens.length ? new RegExp(`(?<!(?:${alternation(tens)})\\s*(?:${TENS_JOINERS}\\s*)?)`, 'uy') : null,

    listNumbers: listNumberWords(lexicons),
    pronounAge: pronounAgePattern(lexicons),
  };
}

function dedupe(terms: Term[], keepForms: boolean): Term[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const form = keepForms ? t.folded : '';
    const key = `${t.language}|${t.kind}|${form}|${t.substring ?? ''}|${t.words.join(' ')}|${t.startFree}|${t.endFree}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Matching

interface Hit {
  term: Term;
  /** Character span in the reading it was found in. */
  start: number;
  end: number;
  reading: number;
}

function wordMatches(token: string, word: string, startFree: boolean, endFree: boolean): boolean {
  if (startFree && endFree) return token.includes(word);
  if (startFree) return token.endsWith(word);
  if (endFree) return token.startsWith(word);
  return token === word;
}

/** Word terms by what a token must be, start with or end with: a prompt is read in about a millisecond. */
interface TermIndex {
  exact: Map<string, Term[]>;
  /** By the first two letters of a term whose first word may continue ('mädchen*'). */
  prefix: Map<string, Term[]>;
  /** By the last two letters of a term whose first word may be preceded ('*schülerin'). */
  suffix: Map<string, Term[]>;
  /** Terms free at both ends, or too short to index. */
  anywhere: Term[];
  singleWords: Term[];
}

const termIndexes = new WeakMap<Term[], TermIndex>();

function push(map: Map<string, Term[]>, key: string, term: Term): void {
  const list = map.get(key);
  if (list) list.push(term);
  else map.set(key, [term]);
}

function indexTerms(terms: Term[]): TermIndex {
  const cached = termIndexes.get(terms);
  if (cached) return cached;
  const index: TermIndex = { exact: new Map(), prefix: new Map(), suffix: new Map(), anywhere: [], singleWords: [] };
  for (const term of terms) {
    if (term.substring !== null) continue;
    const first = term.words[0]!;
    const single = term.words.length === 1;
    if (single) index.singleWords.push(term);
    const continues = single && term.endFree;
    if (term.startFree && continues) index.anywhere.push(term);
    else if (term.startFree) {
      if (first.length >= 2) push(index.suffix, first.slice(-2), term);
      else index.anywhere.push(term);
    } else if (continues) {
      if (first.length >= 2) push(index.prefix, first.slice(0, 2), term);
      else index.anywhere.push(term);
    } else push(index.exact, first, term);
  }
  termIndexes.set(terms, index);
  return index;
}

function candidates(index: TermIndex, token: Token): Term[] {
  if (token.letters) return index.singleWords;
  const text = token.text;
  return [
    ...(index.exact.get(text) ?? []),
    ...(index.prefix.get(text.slice(0, 2)) ?? []),
    ...(index.suffix.get(text.slice(-2)) ?? []),
    ...index.anywhere,
  ];
}

/** Word terms over a token list (tokens may be joined ones: 'lo li', 'sch oolgirl', 'a k i d'). */
function findWordTerms(terms: Term[], tokens: Token[], reading: number, hits: Hit[]): void {
  const index = indexTerms(terms);
  for (let i = 0; i < tokens.length; i += 1) {
    for (const term of candidates(index, tokens[i]!)) {
      const n = term.words.length;
      if (i + n > tokens.length) continue;
      // Joined tokens overlap one another: only single-word terms are looked for in them.
      if (n > 1 && (tokens[i]!.parts || tokens[i]!.letters)) continue;
      if (tokens[i]!.longHalves && (term.startFree || term.endFree || term.words[0]!.length < LONG_JOIN_MIN_LETTERS))
        continue;
      let ok = true;
      // Spelled-out letters carry no word breaks: 'a k i d' holds 'kid'.
      if (n === 1 && tokens[i]!.letters && term.words[0]!.length >= 3 && tokens[i]!.text.includes(term.words[0]!)) {
        hits.push({ term, start: tokens[i]!.start, end: tokens[i]!.end, reading });
        continue;
      }
      for (let j = 0; j < n && ok; j += 1) {
        ok = wordMatches(tokens[i + j]!.text, term.words[j]!, j === 0 && term.startFree, j === n - 1 && term.endFree);
      }
      // A joined token counts only when none of its parts matches the term alone: the parts were
      // judged as words already (and an allowed phrase may cover them, 'kindergärtnerin, 30').
      if (
        ok &&
        n === 1 &&
        tokens[i]!.parts?.some((part) => wordMatches(part, term.words[0]!, term.startFree, term.endFree))
      )
        ok = false;
      if (!ok) continue;
      if (tokens[i]!.parts) hits.push({ term, ...termSpanInJoined(tokens[i]!, term), reading });
      else hits.push({ term, start: tokens[i]!.start, end: tokens[i + n - 1]!.end, reading });
    }
  }
}

/**
 * Where a one-word term lies in the text when a joined token holds it: from its first letter to its
 * last, not the whole joined token ('shot at sunset' holds 'shota' in 'shot a', which the allowed
 * phrase 'shot at' covers; the three words joined would not be).
 */
function termSpanInJoined(token: Token, term: Term): { start: number; end: number } {
  const word = term.words[0]!;
  const at =
    term.startFree && term.endFree ? token.text.indexOf(word) : term.startFree ? token.text.length - word.length : 0;
  const position = (offset: number, isEnd: boolean): number => {
    let before = 0;
    for (const [k, part] of token.parts!.entries()) {
      // An end that falls on a part's end belongs to that part, a start on a part's start to that part.
      if (isEnd ? offset <= before + part.length : offset < before + part.length)
        return token.partStarts![k]! + (offset - before);
      before += part.length;
    }
    return token.end;
  };
  return { start: position(at, false), end: position(at + word.length, true) };
}

// ---------------------------------------------------------------------------------------------
// Misspelled terms ('chlid', 'teenagr', 'scholgirl')

/**
 * The shortest term (in letters) each slip is read for: two neighbours swapped from 5 letters
 * ('chlid'), a letter dropped or added (not the first) from 7 ('toddlr', 'undrage'), a letter
 * replaced (not the first) from 8 ('teeneger'). Shorter terms have too many ordinary words one slip
 * away ('shotas' and 'shots', 'stepson' and 'stetson', 'tweenie' and 'weenie'). English words
 * still one slip from a term ('stetsons', 'pacified', 'toddles') are allowed phrases of en.json
 * (lexicons/README.md says how they were found).
 */
export const MISSPELLING_MIN_LETTERS = { swapped: 5, droppedOrAdded: 7, replaced: 8 } as const;

const LATIN_WORD = /^[a-z]+$/;

/**
 * English's single-word terms of plain letters with no free end: the ones read misspelled (other
 * languages' are one slip from words of English and of each other: French 'petiote' from 'petite').
 */
function misspellable(term: Term): boolean {
  const word = term.words[0]!;
  return (
    term.language === 'en' &&
    term.substring === null &&
    term.words.length === 1 &&
    !term.startFree &&
    !term.endFree &&
    word.length >= MISSPELLING_MIN_LETTERS.swapped &&
    LATIN_WORD.test(word)
  );
}

/** The word and the word with each one letter left out: two words one slip apart share one of these. */
function withOneLetterOut(word: string): Set<string> {
  const out = new Set([word]);
  for (let i = 0; i < word.length; i += 1) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

const misspellingIndexes = new WeakMap<Term[], Map<string, Term[]>>();

function misspellingIndex(terms: Term[]): Map<string, Term[]> {
  let index = misspellingIndexes.get(terms);
  if (!index) {
    index = new Map();
    for (const term of terms) {
      if (!misspellable(term)) continue;
      for (const variant of withOneLetterOut(term.words[0]!)) push(index, variant, term);
    }
    misspellingIndexes.set(terms, index);
  }
  return index;
}

/** Whether `token` is `word` with one slip that `MISSPELLING_MIN_LETTERS` reads for a word that long. */
export function isMisspelling(token: string, word: string): boolean {
  if (token === word) return false;
  const n = word.length;
  let i = 0;
  if (token.length === n) {
    while (token[i] === word[i]) i += 1;
    const swapped = i + 1 < n && token[i] === word[i + 1] && token[i + 1] === word[i];
    if (swapped && token.slice(i + 2) === word.slice(i + 2)) return n >= MISSPELLING_MIN_LETTERS.swapped;
    return n >= MISSPELLING_MIN_LETTERS.replaced && i > 0 && token.slice(i + 1) === word.slice(i + 1);
  }
  if (Math.abs(token.length - n) !== 1 || n < MISSPELLING_MIN_LETTERS.droppedOrAdded) return false;
  const [long, short] = token.length > n ? [token, word] : [word, token];
  while (i < short.length && long[i] === short[i]) i += 1;
  return i > 0 && long.slice(i + 1) === short.slice(i);
}

function findMisspelledTerms(terms: Term[], tokens: Token[], reading: number, hits: Hit[]): void {
  const index = misspellingIndex(terms);
  if (index.size === 0) return;
  for (const token of tokens) {
    const text = token.text;
    if (text.length < MISSPELLING_MIN_LETTERS.swapped - 1 || !LATIN_WORD.test(text)) continue;
    const found = new Set<Term>();
    for (const variant of withOneLetterOut(text)) {
      for (const term of index.get(variant) ?? []) {
        if (found.has(term) || !isMisspelling(text, term.words[0]!)) continue;
        found.add(term);
        hits.push({ term, start: token.start, end: token.end, reading });
      }
    }
  }
}

/**
 * A word split into two halves of 4 letters or more is read joined only for whole terms at least this
 * long with no free end: two ordinary words run together often hold a short term ('polo lime').
 */
const LONG_JOIN_MIN_LETTERS = 8;

/** One token made of several in a row ('lo li' -> 'loli'), knowing where each of its parts starts. */
function joinOf(parts: Token[]): Token {
  return {
    text: parts.map((part) => part.text).join(''),
    start: parts[0]!.start,
    end: parts.at(-1)!.end,
    parts: parts.map((part) => part.text),
    partStarts: parts.map((part) => part.start),
  };
}

/** Tokens with split words joined: pairs and triples where a part is short, and runs of single letters. */
function joinedTokens(tokens: Token[]): Token[] {
  const joined: Token[] = [];
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (Math.min(a.text.length, b.text.length) <= 3 && a.text.length + b.text.length >= 4) {
      joined.push(joinOf([a, b]));
    }
    const c = tokens[i + 2];
    if (c && Math.min(a.text.length, b.text.length, c.text.length) <= 2 && (a.text + b.text + c.text).length >= 5) {
      joined.push(joinOf([a, b, c]));
    }
  }
  // Two long halves ('schoo lgirl'): looked for only as whole long terms (see `LONG_JOIN_MIN_LETTERS`).
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (Math.min(a.text.length, b.text.length) > 3 && a.text.length + b.text.length >= LONG_JOIN_MIN_LETTERS) {
      joined.push({ ...joinOf([a, b]), longHalves: true });
    }
  }
  let run: Token[] = [];
  for (const token of [...tokens, null]) {
    if (token && token.text.length === 1 && /\p{L}/u.test(token.text)) run.push(token);
    else {
      if (run.length >= 3) {
        joined.push({
          text: run.map((t) => t.text).join(''),
          start: run[0]!.start,
          end: run.at(-1)!.end,
          letters: true,
        });
      }
      run = [];
    }
  }
  return joined;
}

function findSubstringTerms(terms: Term[], text: string, reading: number, hits: Hit[]): void {
  const flat = compact(text);
  for (const term of terms) {
    if (term.substring === null || !term.substring) continue;
    let from = 0;
    for (;;) {
      const at = flat.indexOf(term.substring, from);
      if (at < 0) break;
      // Offsets in the compact text: allow spans use the same space (reading + 100).
      hits.push({ term, start: at, end: at + term.substring.length, reading: reading + 100 });
      from = at + 1;
    }
  }
}

function insideAllowed(hit: Hit, allowed: Hit[]): boolean {
  return allowed.some((a) => a.reading === hit.reading && a.start <= hit.start && a.end >= hit.end);
}

export interface LexiconMatch {
  language: string;
  /** lexicon:<lang>:<kind> or age:<lang>:<rule>. */
  rule: string;
  /** What matched, normalised. */
  text: string;
  kind: TermKind | 'age';
}

/**
 * The matches of a global pattern, as `text.matchAll(pattern)` gives them, without the copy of the
 * pattern matchAll makes: with copies of the age rules (up to 24,000 characters each) a prompt's
 * screen took twice as long (5.0 ms instead of 2.5).
 */
function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    matches.push(match);
    // An empty match would match again at the same place: step over one code point, as matchAll does.
    if (match[0] === '') pattern.lastIndex += (text.codePointAt(pattern.lastIndex) ?? 0) > 0xffff ? 2 : 1;
  }
  return matches;
}

/**
 * An age rule's matches: those its pattern would give with the tens lookbehind at its number (which
 * the pattern leaves out), the same and in the same order (lexicon-screen.test.ts compares them over
 * the evaluation set). At each place the pattern matches:
 * - no tens word before the number: the whole rule matches here too, and the same text (its first way
 *   to match is the pattern's, which passes the one test the lookbehind adds);
 * - a tens word before a number that opens the match: the whole rule cannot match at this place,
 *   whatever follows (the lookbehind would stand here); on one character;
 * - a tens word before a number inside the match ('aged twenty five'): another way through the words
 *   before it might still match here, which the whole rule, sticky at this place, says (compiled the
 *   first time a prompt needs it: most never do).
 */
export function ruleMatches(compiled: CompiledLexicons, rule: AgeRule, text: string): RegExpExecArray[] {
  const notAfterTens = compiled.notAfterTens;
  if (!rule.numberAfterTens || !notAfterTens) return allMatches(rule.pattern, text);
  const matches: RegExpExecArray[] = [];
  const pattern = rule.pattern;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    notAfterTens.lastIndex = match.indices!.groups!.n![0];
    if (notAfterTens.test(text)) {
      matches.push(match);
      continue;
    }
    if (rule.numberAfterTens === 'inside') {
      const whole = wholeRule(rule, notAfterTens);
      whole.lastIndex = match.index;
      const other = whole.exec(text);
      if (other) {
        matches.push(other);
        pattern.lastIndex = whole.lastIndex;
        continue;
      }
    }
    pattern.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
  }
  return matches;
}

const wholeRules = new WeakMap<AgeRule, RegExp>();

/** The rule's pattern with the tens lookbehind before its number, sticky. */
function wholeRule(rule: AgeRule, notAfterTens: RegExp): RegExp {
  let whole = wholeRules.get(rule);
  if (!whole) {
    whole = new RegExp(rule.pattern.source.replace('(?<n>', `${notAfterTens.source}(?<n>`), 'uy');
    wholeRules.set(rule, whole);
  }
  return whole;
}

const allowedAsWrittenCache = new WeakMap<CompiledLexicons, Term[]>();

/** The allowed phrases in their written form: one array per compiled set, so its term index is kept. */
function allowedAsWritten(compiled: CompiledLexicons): Term[] {
  let terms = allowedAsWrittenCache.get(compiled);
  if (!terms) {
    terms = compiled.allow.filter((term) => !term.folded);
    allowedAsWrittenCache.set(compiled, terms);
  }
  return terms;
}

/** Every match of the lexicons in a prompt. Pure: no I/O. */
export function findLexiconMatches(compiled: CompiledLexicons, prompt: string): LexiconMatch[] {
  const written = readAsWritten(prompt);
  const folded = foldText(written);
  const readings = [written, folded, unleet(folded), ...alternateLeetReadings(folded), ...stretchedReadings(folded)];
  const matches = new Map<string, LexiconMatch>();
  // An allowed phrase counts only when the prompt spells it as the lexicon does: German
  // 'kindergärtner' (a teacher) must not excuse English 'kindergartner' (a child), though both fold alike.
  const asWritten = allowedAsWritten(compiled);
  const spelled: Hit[] = [];
  findWordTerms(asWritten, tokenize(written), 0, spelled);
  findSubstringTerms(asWritten, written, 0, spelled);
  const spelledSources = new Set(spelled.map((hit) => hit.term.source));
  const activeAllow = compiled.allow.filter((term) => spelledSources.has(term.source));

  readings.forEach((text, reading) => {
    const tokens = tokenize(text);
    const hits: Hit[] = [];
    findWordTerms(compiled.terms, tokens, reading, hits);
    findWordTerms(compiled.terms, joinedTokens(tokens), reading, hits);
    findMisspelledTerms(compiled.terms, tokens, reading, hits);
    findSubstringTerms(compiled.terms, text, reading, hits);
    const allowed: Hit[] = [];
    findWordTerms(activeAllow, tokens, reading, allowed);
    findSubstringTerms(activeAllow, text, reading, allowed);
    for (const hit of hits) {
      if (insideAllowed(hit, allowed)) continue;
      const rule = `lexicon:${hit.term.language}:${hit.term.kind}`;
      const matchedText = hit.term.substring ?? text.slice(hit.start, hit.end);
      matches.set(`${rule}|${matchedText}`, {
        language: hit.term.language,
        rule,
        text: matchedText,
        kind: hit.term.kind,
      });
    }
  });

  // A bare number under 18 as an item of a comma list ('nude blonde, 13, on a bed', 'nude, 14.',
  // 'naked, roughly 14', 'nude, sixteen-ish'): an age. So is a pronoun's number at an item's end
  // ('him 45, her 15').
  const ageFound = (rule: string, raw: string | undefined) => {
    const value = raw === undefined ? Number.NaN : Number(raw);
    if (value >= 1 && value < MINIMUM_AGE)
      matches.set(`${rule}|${raw}`, { language: 'any', rule, text: raw!, kind: 'age' });
  };
  for (const item of withoutFractions(written).split(LIST_ITEM_BREAK)) {
    const value = listItemAge(compiled, item);
    if (value !== null) ageFound('age:any:list-item', String(value));
    if (compiled.pronounAge)
      for (const match of allMatches(compiled.pronounAge, item)) ageFound('age:any:pronoun', match[1]);
  }
  for (const match of allMatches(AGE_SEX, written)) ageFound('age:any:age-sex', match[1] ?? match[2] ?? match[3]);

  // Ages: on the written and folded readings, with CJK numerals as numbers, punctuation as spaces
  // ('15-year-old', '15 y/o', '12歳') and a number's 'ish' dropped ('12ish years old', 'sixteen-ish').
  // A rule that reads an item's end ('nude 14') runs on each comma-list item alone.
  for (const text of [written, folded]) {
    const numbered = withRanges(withoutFractions(withCjkNumbers(text)));
    const asSpaced = (part: string) => withoutIsh(part.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' '));
    const spaced = asSpaced(numbered);
    let items: string[] | null = null;
    for (const rule of compiled.ageRules) {
      if (rule.wordsAfter && !rule.wordsAfter.test(spaced)) continue;
      const parts = rule.perItem ? (items ??= numbered.split(LIST_ITEM_BREAK).map(asSpaced)) : [spaced];
      for (const part of parts) {
        for (const match of ruleMatches(compiled, rule, part)) {
          const n = rule.valueOf(match.groups!.n!);
          if (Number.isFinite(n) && rule.refuses(n)) {
            const id = `age:${rule.language}:${rule.rule}`;
            matches.set(`${id}|${match[0].trim()}`, {
              language: rule.language,
              rule: id,
              text: match[0].trim(),
              kind: 'age',
            });
          }
        }
      }
    }
  }
  return [...matches.values()];
}

/**
 * '13 1/2' and '13½' (read as '13 1⁄2') as '13', and '13.5' or '13,5' too: the whole years are the age.
 * One decimal only: '12.30' is a time, '1,70 m' a height ('5 1/2 feet' stays a measure).
 */
function withoutFractions(text: string): string {
  return text.replace(/(\d)\s+\d\s*[/\u2044]\s*\d{1,2}(?!\d)/gu, '$1').replace(/(\d)[.,]\d(?![\d.,])/gu, '$1');
}

/** Where one comma-list item ends and the next begins: a comma between digits is a decimal ('1,70 m'). */
const LIST_ITEM_BREAK = /(?<!\d),|,(?!\d)|[;\n]/u;

/** '12-13' and '9–11' as '12 to 13': the first number then stands alone after 'aged' ('5 2' does not: a height). */
function withRanges(text: string): string {
  return text.replace(/(?<!\d)(\d{1,2})\s*[-–—~]\s*(\d{1,2})(?!\d)/gu, '$1 to $2');
}

/** '12ish' is 12, 'sixteen ish' is sixteen (in a text whose punctuation is spaces already). */
function withoutIsh(spaced: string): string {
  return spaced
    .replace(/(\p{N}) ?ish(?![\p{L}\p{M}\p{N}])/gu, '$1')
    .replace(/(\p{L}) ish(?![\p{L}\p{M}\p{N}])/gu, '$1');
}

/** Words that say a bare number is about so much ('roughly 14'), in a list item alone with it. */
const ABOUT = '(?:about|around|roughly|approximately|approx|circa|ca|maybe|perhaps|like|~)';
/** A range's second number ('11 or 12', '9-10', '10 to 12'): the item is an age when its first is one. */
const RANGE_END = '(?:\\s*(?:-|–|to|or)\\s*\\d{1,2})?';
const LIST_ITEM_AGE = new RegExp(
  `^\\s*(?:${ABOUT}\\s*)?(\\d{1,2}|[a-z]+)${RANGE_END}(?:\\s*-?\\s*ish)?(?:\\s*(?:years|year|yrs))?\\s*[.!?…]*\\s*$`,
  'u',
);
/**
 * The number words a comma-list item may be alone ('nude, fifteen'): English's only, as other
 * languages' are often words of English ('elf' is German for 11).
 */
function listNumberWords(lexicons: Lexicon[]): Map<string, number> {
  const numbers = lexicons.find((lexicon) => lexicon.language === 'en')?.numbers ?? {};
  return new Map(Object.entries(numbers).filter(([word, n]) => /^[a-z]+$/.test(word) && n >= 1 && n < MINIMUM_AGE));
}

function pronounAgePattern(lexicons: Lexicon[]): RegExp | null {
  const pronouns = lexicons.flatMap((lexicon) => lexicon.pronounBefore ?? []);
  if (!pronouns.length) return null;
  const alt = alternation(pronouns);
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alt})\\s+(\\d{1,2})(?=\\s*(?:[.!?]*\\s*$|(?:${alt})(?![\\p{L}\\p{N}])))`,
    'gu',
  );
}

/**
 * Age/sex notation of forums and personal ads, in any language: '(14F)', '[m15]', '(f14)', '14/f'.
 * Only in brackets or with a slash ('F-14' is a jet, '15m' a length); '14f' and '14 f' are English's
 * ageAfter 'f'.
 */
const AGE_SEX =
  /[([]\s*[fm]\s*-?\s*(\d{1,2})\s*[)\]]|[([]\s*(\d{1,2})\s*[fm]\s*[)\]]|(?<![\p{L}\p{N}.])(\d{1,2})\s*\/\s*[fm](?![\p{L}\p{N}])/gu;

/** The age a comma-list item states alone, if any: '13', '14.', 'roughly 14', '12ish', 'fifteen', '12 years'. */
function listItemAge(compiled: CompiledLexicons, item: string): number | null {
  const raw = LIST_ITEM_AGE.exec(item)?.[1];
  if (raw === undefined) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  return compiled.listNumbers.get(raw) ?? null;
}

let defaultCompiled: CompiledLexicons | null = null;
let compiledYear = 0;

/** The repository's lexicons, compiled once per year (born-in and class-of depend on the year). */
export function repositoryLexicons(today: Date = new Date()): CompiledLexicons {
  if (!defaultCompiled || compiledYear !== today.getUTCFullYear()) {
    defaultCompiled = compileLexicons(loadLexicons(), today);
    compiledYear = today.getUTCFullYear();
  }
  return defaultCompiled;
}

/**
 * Compiles the repository's lexicons and runs one prompt through them, so that V8 compiles their
 * patterns now: left to the first make call after a start, that call took ~350 ms more (the
 * lexicons' compilation ~160 ms, the patterns' first match ~180 ms; docs/performance.md, "Worker").
 * The API's entry calls it once it listens.
 */
export function warmLexiconScreen(): SafetyVerdict {
  return screenText('a warm-up picture of a calm lake at dusk', repositoryLexicons());
}

/** The lexicon stage's verdict for a prompt. */
export function screenText(prompt: string, compiled: CompiledLexicons = repositoryLexicons()): SafetyVerdict {
  const matches = findLexiconMatches(compiled, prompt);
  if (matches.length === 0) return { outcome: 'allowed' };
  const first = matches[0]!;
  return {
    outcome: 'refused',
    stage: 'lexicon',
    category: 'minors',
    rule: first.rule,
    matched: [...new Set(matches.map((m) => `${m.text} (${m.rule})`))],
    ...(matches.some((m) => m.kind === 'csam') ? { escalate: true } : {}),
  };
}

/** The deterministic, offline first stage of the prompt pipeline. */
export function createLexiconStage(compiled?: CompiledLexicons): PromptSafetyStage {
  return {
    stage: 'lexicon',
    name: 'lexicon',
    check: (prompt) => screenText(prompt, compiled ?? repositoryLexicons()),
  };
}
