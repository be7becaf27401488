import { describe, expect, it } from 'vitest';
import {
  compileLexicons,
  findLexiconMatches,
  foldPrompt,
  isMisspelling,
  loadLexicons,
  readAsWritten,
  repositoryLexicons,
  ruleMatches,
  screenText,
  warmLexiconScreen,
  type Lexicon,
} from './lexicon-screen.ts';
import { loadEvalSet } from './eval/evaluate.ts';

// The engine on small lexicons of its own, so each reading rule is tested apart from the data. The
// repository's lexicons are held to the evaluation set in eval/eval-set.test.ts.
const en: Lexicon = {
  language: 'en',
  name: 'English',
  terms: {
    minor: ['child', 'kid', 'kiddo', 'little girl', 'teen'],
    school: ['*grader', 'elementary student', 'year 7 pupil'],
    slang: ['*loli*'],
    implied: ['sweet sixteen'],
    csam: ['child porn'],
  },
  allow: ['kid gloves'],
  numbers: { one: 1, five: 5, twelve: 12, sixteen: 16, twenty: 20 },
  ageAfter: ['years old', 'year old', 'yo', 'y o', 'f'],
  agePer: { 'months old': 12, 'days old': 365 },
  ageBefore: ['aged', 'age', 'looks about', 'turned', 'she is'],
  gradeAfter: ['grade', 'grader'],
  gradeBefore: ['grade', 'year'],
  bornBefore: ['born in', 'born'],
  dateWords: ['on', 'may'],
  classOfBefore: ['class of'],
  birthdayAfter: ['birthday'],
  personBefore: ['girl', 'boy'],
  pronounBefore: ['she', 'he', 'her', 'him'],
  ageAtItemEnd: { before: ['nude', 'just', 'at'], after: ['years'] },
  personAfter: { words: ['girl', 'boy'], notBefore: ['band'] },
  ageBetween: [
    { before: ['of'], after: ['years'], notBefore: ['of'] },
    { before: ['in her'], after: ['year'], notBefore: ['of'] },
  ],
};
const ja: Lexicon = {
  language: 'ja',
  name: 'Japanese',
  terms: { school: ['女子中学生', 'jkリフレ'], slang: ['ロリ'] },
  ageAfter: ['歳'],
  bornAfter: ['年生まれ'],
  gradeBefore: ['中'],
};
const ru: Lexicon = { language: 'ru', name: 'Russian', terms: { school: ['школьниц*'] }, ageAfter: ['лет'] };
const de: Lexicon = {
  language: 'de',
  name: 'German',
  terms: { school: ['*schülerin'], minor: ['kinder*'] },
  allow: ['kindergärtnerin'],
  numbers: { elf: 11, zwölf: 12, dreizehn: 13 },
  ageAfter: ['jahre alt'],
};

const compiled = compileLexicons([en, ja, ru, de], new Date('2026-11-23T12:00:00Z'));
const rules = (prompt: string) => findLexiconMatches(compiled, prompt).map((m) => m.rule);

describe('lexicon screen: readings of the text', () => {
  it.each([
    ['whole words', 'a child on a bed', 'lexicon:en:minor'],
    ['word sequences', 'a little girl', 'lexicon:en:minor'],
    ['a free start (compounds)', 'naked 8th grader', 'lexicon:en:school'],
    ['a free end and start (fused words)', 'hentailolicon', 'lexicon:en:slang'],
    ['spaced letters', 'l o l i', 'lexicon:en:slang'],
    ['spaced letters run into a word', 'a k i d on a bed', 'lexicon:en:minor'],
    ['words split in two', 'lo li art', 'lexicon:en:slang'],
    ['leetspeak', 't33n in lingerie', 'lexicon:en:minor'],
    ['Cyrillic look-alikes in a Latin word', 'сhild', 'lexicon:en:minor'],
    ['fullwidth letters', 'ｌｏｌｉ', 'lexicon:en:slang'],
    ['accents', 'chíld', 'lexicon:en:minor'],
    ['zero-width characters', 'lo\u200bli', 'lexicon:en:slang'],
    ['control characters', 'ch\u0000i\u0007ld', 'lexicon:en:minor'],
    ['upper case', 'CHILD', 'lexicon:en:minor'],
    ['Russian words in Cyrillic (not destroyed by folding)', 'голая школьница', 'lexicon:ru:school'],
    ['Russian inflections through a free end', 'голую школьницу', 'lexicon:ru:school'],
    ['unspaced scripts by substring', '裸の女子中学生', 'lexicon:ja:school'],
    ['unspaced scripts with separators in between', '女子 中学生', 'lexicon:ja:school'],
    ['terms mixing Latin letters and an unspaced script', 'ＪＫリフレで裸', 'lexicon:ja:school'],
    ['German compounds', 'nackte Grundschülerin', 'lexicon:de:school'],
    ['folded umlauts', 'nackte schulerin', 'lexicon:de:school'],
    ['explicit abuse terms', 'child porn', 'lexicon:en:csam'],
    ['a Latin term written inside unspaced text', '裸のkidです', 'lexicon:en:minor'],
    ['emoji of children (with a skin tone)', 'nude 👧🏻', 'lexicon:en:minor'],
    ['flag letters (regional indicators)', 'nude 🇹🇪🇪🇳', 'lexicon:en:minor'],
    ['a letter written three times, read twice', 'nude teeen', 'lexicon:en:minor'],
    ['a 1 for an l', 'nude 1o1i', 'lexicon:en:slang'],
    ['a letter written many times, read once', 'naked kiiiid', 'lexicon:en:minor'],
    ['a stretched letter inside a free-ended term', 'looooli art', 'lexicon:en:slang'],
  ])('%s', (_what, prompt, rule) => {
    expect(rules(prompt)).toContain(rule);
  });

  it('excuses a term only where the allowed phrase is spelled as its lexicon spells it', () => {
    expect(rules('kindergärtnerin, 30, nackt')).toEqual([]);
    expect(rules('kindergartnerin, nackt')).toContain('lexicon:de:minor');
  });

  it('keeps adult phrases the lexicon allows, and ordinary words that contain a term', () => {
    expect(rules('a model in kid gloves')).toEqual([]);
    // Doubled letters stay as written: 'lollipop' does not become 'lolipop' (which holds '*loli*').
    expect(rules('a woman with a lollipop, sooo hot, 👩')).toEqual([]);
    expect(rules('a torpedo, a skid mark, childhood memories of a woman')).toEqual([]);
  });

  it('excuses a term found across joined words only where an allowed phrase covers its own letters', () => {
    const shots = compileLexicons([
      { language: 'en', name: 'English', terms: { slang: ['*shota*'] }, allow: ['shot at'] },
    ]);
    const found = (prompt: string) => findLexiconMatches(shots, prompt).map((m) => m.text);
    // 'shot', 'at', 'sunset' joined hold 'shota' in 'shot a', inside 'shot at'.
    expect(found('nude woman, shot at sunset')).toEqual([]);
    expect(found('nude woman taking a shot at the bar')).toEqual([]);
    expect(found('nude shot a boy')).toEqual(['shot a']);
    expect(found('nude shota at the beach')).toEqual(['shota']);
  });

  it('reads every script as written, and folds look-alikes only in the folded reading', () => {
    expect(readAsWritten('Голая\u200b ＳＣＨＯＯＬ ١٢')).toBe('голая school 12');
    expect(foldPrompt('Ｃhílď\u200d')).toBe('child');
    expect(readAsWritten('1\ufe0f\u20e32\ufe0f\u20e3 years')).toBe('12 years');
    expect(foldPrompt('ᴛᴇᴇɴ 🅣🅔🅔🅝 🆃🅴🅴🅽 ꓔꓰꓰꓠ ᎢᎬᎬN ɔɥild')).toBe('teen teen teen teen teen child');
    expect(readAsWritten('a 👶')).toBe('a  infant ');
    expect(readAsWritten('t&#101;en &amp; &#x63;hild &bogus;')).toBe('teen & child &bogus;');
  });
});

describe('lexicon screen: other scripts and languages', () => {
  it('folds Greek written with or without its accents to the same letters', () => {
    const el = compileLexicons([{ language: 'el', name: 'Greek', terms: { minor: ['παιδάκι'] }, ageAfter: ['ετών'] }]);
    for (const prompt of ['γυμνό παιδάκι', 'γυμνό παιδακι', 'ΠΑΙΔΑΚΙ', '12 ετων', '12 ετών']) {
      expect(findLexiconMatches(el, prompt).length, prompt).toBeGreaterThan(0);
    }
  });

  it('reads an ordinal ending on digits only, not on number words', () => {
    const sk = compileLexicons([
      { language: 'sk', name: 'Slovak', terms: {}, numbers: { tri: 3 }, ageAfter: ['r', 'rokov'] },
    ]);
    expect(findLexiconMatches(sk, 'a trier, nude')).toEqual([]);
    expect(findLexiconMatches(sk, 'nahá, tri r').map((m) => m.rule)).toEqual(['age:sk:years']);
    expect(findLexiconMatches(sk, 'nahá, 3. rokov').map((m) => m.rule)).toEqual(['age:sk:years']);
  });

  it("reads a tens word joined by the language's 'and' as one number (Romanian 'și', Swahili 'na', Norwegian 'og', Persian 'و')", () => {
    const ro = compileLexicons([
      { language: 'ro', name: 'Romanian', terms: {}, numbers: { douăzeci: 20, cinci: 5 }, ageAfter: ['de ani'] },
    ]);
    expect(findLexiconMatches(ro, 'femeie goală, douăzeci și cinci de ani')).toEqual([]);
    expect(findLexiconMatches(ro, 'fată goală, cinci de ani').map((m) => m.rule)).toEqual(['age:ro:years']);
  });
});

describe('lexicon screen: a word split in two long halves', () => {
  const school = compileLexicons([
    { language: 'en', name: 'English', terms: { school: ['schoolgirl', 'kindergarten'], slang: ['*loli*'] } },
  ]);
  it.each(['schoo lgirl', 'scho olgirl', 'kinder garten'])('reads %j as the whole term', (prompt) => {
    expect(findLexiconMatches(school, `nude ${prompt}`).map((m) => m.rule)).toEqual(['lexicon:en:school']);
  });
  it('does not look for free-ended or short terms in two long words run together', () => {
    expect(findLexiconMatches(school, 'nude woman wearing polo lime')).toEqual([]);
  });
});

describe('lexicon screen: misspelled terms', () => {
  it.each([
    ['chlid', 'child', true],
    ['hcild', 'child', true],
    ['chil', 'child', false],
    ['toddlr', 'toddler', true],
    ['toddlerr', 'toddler', true],
    ['oddler', 'toddler', false],
    ['todler', 'toddler', true],
    ['teeneger', 'teenager', true],
    ['leenager', 'teenager', false],
    ['stetson', 'stepson', false],
    ['stetsons', 'stepsons', true],
    ['teen', 'teen', false],
  ])('%j is %j misspelt: %s', (token, word, expected) => {
    expect(isMisspelling(token, word)).toBe(expected);
  });

  // English words one slip from a repository term (found by screening a 274,937-word English list,
  // lexicons/README.md): the thresholds keep the first ones out, en.json allows the others.
  it.each([
    'shots',
    'barns',
    'tweets',
    'miners',
    'petite',
    'chill',
    'chile',
    'laughter',
    'stetson',
    'weenie',
    'stetsons',
    'pacified',
    'toddles',
    'tiddlers',
    'shoats',
  ])('the repository lexicons let the English word %j pass', (word) => {
    expect(findLexiconMatches(repositoryLexicons(), `a nude woman, ${word}`)).toEqual([]);
  });

  it("reads English's terms misspelt, and no other language's", () => {
    expect(rules('nude chlid on a bed')).toContain('lexicon:en:minor');
    const fr = compileLexicons([{ language: 'fr', name: 'French', terms: { minor: ['petiote'] } }]);
    expect(findLexiconMatches(fr, 'petiote nue').map((m) => m.rule)).toEqual(['lexicon:fr:minor']);
    expect(findLexiconMatches(fr, 'petite femme nue')).toEqual([]);
  });
});

describe('lexicon screen: ages', () => {
  it.each([
    ['15yo', 'age:en:years'],
    ['15 y/o', 'age:en:years'],
    ['a 15-year-old', 'age:en:years'],
    ['１５yo', 'age:en:years'],
    ['sixteen years old', 'age:en:years'],
    ['١٢ years old', 'age:en:years'],
    ['aged 12', 'age:en:age'],
    ['looks about twelve', 'age:en:age'],
    ['just turned 16', 'age:en:age'],
    ['on her 13th birthday', 'age:en:birthday'],
    ['grade 7', 'age:en:grade'],
    ['nude year 7 pupil', 'age:en:grade'],
    ['8th grader', 'age:en:grade'],
    ['born in 2012', 'age:en:born'],
    ['born on 1 may 2013', 'age:en:born'],
    ['aged 12-13', 'age:en:age'],
    ['aged 9–11', 'age:en:age'],
    ['born 05/2013', 'age:en:born'],
    ['class of 2027', 'age:en:class-of'],
    ['girl, 12', 'age:en:person'],
    ['she is 15, nude', 'age:en:age'],
    ['naked blonde, 13, on a bed', 'age:any:list-item'],
    ['十二歳の子', 'age:ja:years'],
    ['2012年生まれの子', 'age:ja:born'],
    ['12歳', 'age:ja:years'],
    ['中2', 'age:ja:grade'],
    ['девушка 12 лет', 'age:ru:years'],
    ['zwölf jahre alt', 'age:de:years'],
    ['1️⃣2️⃣ years old', 'age:en:years'],
    ['144 months old', 'age:en:years'],
    ['5000 days old', 'age:en:years'],
    ['12ish years old', 'age:en:years'],
    ['sixteen-ish years old', 'age:en:years'],
    ['girl, 12ish', 'age:en:person'],
    ['nude, 14.', 'age:any:list-item'],
    ['naked, roughly 14', 'age:any:list-item'],
    ['nude, about 13!', 'age:any:list-item'],
    ['nude, 12ish', 'age:any:list-item'],
    ['nude, 11 or 12', 'age:any:list-item'],
    ['nude, 9-10', 'age:any:list-item'],
    ['nude, sixteen', 'age:any:list-item'],
    ['nude, (14F)', 'age:any:age-sex'],
    ['nude girl [f14]', 'age:any:age-sex'],
    ['nude, 14/f', 'age:any:age-sex'],
    ['nude, 14f', 'age:en:years'],
    ['nude, she 16 he 40', 'age:any:pronoun'],
    ['nude couple: him 45, her 15', 'age:any:pronoun'],
    ['nude 14', 'age:en:item-end'],
    ['nude14', 'age:en:item-end'],
    ['nude girl, just 14.', 'age:en:item-end'],
    ['nude, just 14 years, on a bed', 'age:en:item-end'],
    ['nude at twelve', 'age:en:item-end'],
    ['nude 14 girl', 'age:en:person'],
    ['a twelve boy, nude', 'age:en:person'],
    ['nude girl, 13 1/2', 'age:any:list-item'],
    ['nude, aged 13½', 'age:en:age'],
    ['aged 13 ½', 'age:en:age'],
    ['nude, of 12 years', 'age:en:age'],
    ['nude, 13.5', 'age:any:list-item'],
    ['nude, 13,5', 'age:any:list-item'],
    ['aged 12.5', 'age:en:age'],
    ['nude in her 12th year', 'age:en:age'],
  ])('refuses %j', (prompt, rule) => {
    expect(rules(prompt)).toContain(rule);
  });

  it.each([
    'a 25 year old woman',
    'twenty-five year old woman',
    'aged 45, elegant',
    'age 4k render',
    'grade A beef',
    'year 2020 fashion',
    'born in 1990',
    'born 1990, married 2015',
    'class of 2010 reunion',
    'girl 2 inches from the camera',
    'she is 5 feet tall',
    'nude woman, 32, on a beach',
    'petite girl, 5\'2"',
    'two girls, 4k',
    '18yo college graduate',
    '中4k',
    'fifteen candles on a table',
    '300 months old',
    '7000 days old',
    'nude woman, 30.',
    'nude woman, around 30',
    'nude woman, 40ish',
    'nude woman, 18 or 19',
    'nude woman, 24/7',
    // A bare number word of another language can be a word of English ('elf' is German for 11).
    'nude woman, elf',
    'pin-up girl on an F-14 jet',
    'nude woman (f25), 34f bra',
    'nude woman with her 2 friends',
    'nude, she 25 he 30',
    // A number ending an item only after the lexicon's words; a count before plural or grouped people.
    'nude 30',
    'nude, just 30 years',
    'nude, just 14 more photos',
    'nude 2 girls',
    '1girl, nude',
    'nude 3 girl band',
    // A number word is not read inside another word ('atone' is not 'at one').
    'nude, atone',
    'nude woman of 30 years',
    'nude woman, in her 12th year of marriage',
    'nude woman 5 1/2 feet tall',
    'nude woman, 25 1/2',
    // A comma between digits is a decimal, not a list's ('1,70 m' is not the item '70 m' after '1').
    'nude woman, 1,70 m tall',
    'nude woman, 34,5 years',
    'nude woman, meet at 12.30',
  ])('allows %j', (prompt) => {
    expect(rules(prompt)).toEqual([]);
  });

  it('reads a number alone in an item with a word only there ("a 13"), or with its after word ("13 e mezzo")', () => {
    const it: Lexicon = {
      language: 'it',
      name: 'Italian',
      terms: {},
      numbers: { tredici: 13, trenta: 30 },
      ageAtItemEnd: { before: ['nuda'], after: ['anni', 'e mezzo'], alone: ['a', 'di'] },
    };
    const italian = compileLexicons([it]);
    const found = (prompt: string) => findLexiconMatches(italian, prompt).map((m) => m.rule);
    for (const prompt of [
      'ragazza nuda, a 13',
      'nuda, di 13',
      'nuda, a tredici anni',
      'nuda, 13 e mezzo',
      'nuda, tredici e mezzo',
    ])
      expect(found(prompt), prompt).toEqual(['age:it:item-end']);
    for (const prompt of [
      'nuda, a 30',
      'rated a 10, nuda',
      'nuda, pecorina a 4',
      'nuda, alle 3 e mezzo',
      'foto 2 di 12, nuda',
    ])
      expect(found(prompt), prompt).toEqual([]);
  });

  it('finds every age in a prompt, and the same ones at every reading of it', () => {
    const prompt = '15yo, aged 14 and 13 years old';
    const texts = findLexiconMatches(compiled, prompt).map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['15yo', 'aged 14', '13 years old']));
    expect(findLexiconMatches(compiled, prompt).map((m) => m.text)).toEqual(texts);
  });

  it('passes over a rule for want of its words only when the rule itself needs those words', () => {
    // A rule whose words follow the number is skipped when the words are nowhere in the prompt: its
    // pattern must hold exactly that alternation, or a prompt it would refuse could be skipped.
    const rules = repositoryLexicons().ageRules.filter((rule) => rule.wordsAfter);
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) expect(rule.pattern.source).toContain(`\\s*(?:${rule.wordsAfter!.source})`);
  });

  it('counts birth years and school-leaving years from today', () => {
    const later = compileLexicons([en], new Date('2031-01-01T00:00:00Z'));
    expect(findLexiconMatches(later, 'born in 2012')).toEqual([]);
    expect(findLexiconMatches(later, 'born in 2014').map((m) => m.rule)).toEqual(['age:en:born']);
  });
});

describe('lexicon screen: the tens lookbehind checked at the number', () => {
  // The age rules' patterns leave out the lookbehind "no tens word of any language just before the
  // number" ('twenty-five years old' is not 'five years old'), which ruleMatches checks at each match.
  // Here each rule's matches are held to those of the pattern the rule stands for: its own with that
  // lookbehind, and the lookahead for a number, before its number (as the rules were written before).
  const lexicons = repositoryLexicons();
  const withLookbehind = (source: string) => {
    const open = source.indexOf('(?<n>');
    let depth = 0;
    let close = open;
    for (; close < source.length; close += 1) {
      if (source[close] === '\\') close += 1;
      else if (source[close] === '(') depth += 1;
      else if (source[close] === ')' && --depth === 0) break;
    }
    const number = source.slice(open + '(?<n>'.length, close);
    return new RegExp(
      `${source.slice(0, open)}(?=${number})${lexicons.notAfterTens!.source}${source.slice(open)}`,
      'gu',
    );
  };
  const spaced = (text: string) => text.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ');
  const readings = (prompt: string) => [...new Set([readAsWritten(prompt), foldPrompt(prompt)].map(spaced))];
  const shape = (matches: Iterable<RegExpExecArray>) => [...matches].map((m) => `${m.index}:${m[0]}:${m.groups!.n}`);

  // Every prompt of the evaluation set, for every rule; and for each language's rules its own tens
  // words and others' before its number words and digits, after its words for an age or a grade and
  // before its words for years, grades and birthdays: the places where the lookbehind decides.
  const evalPrompts = loadEvalSet().flatMap((file) => [...file.refuse, ...file.allow].map((p) => p.prompt));
  const all = loadLexicons();
  const tensOf = (l: (typeof all)[number]) =>
    Object.entries(l.numbers ?? {})
      .filter(([, n]) => n >= 20 && n < 100 && n % 10 === 0)
      .map(([word]) => word);
  const everyTens = all.flatMap(tensOf);
  const generated = (lexicon: (typeof all)[number]) => {
    const texts: string[] = [];
    const numbers = [...Object.keys(lexicon.numbers ?? {}).slice(0, 6), '5', '15'];
    const tens = [...tensOf(lexicon).slice(0, 3), ...everyTens.filter((_, i) => i % 60 === 0)];
    const before = [...(lexicon.ageBefore ?? []).slice(0, 3), ...(lexicon.gradeBefore ?? []).slice(0, 2)];
    const after = [
      ...(lexicon.ageAfter ?? []).slice(0, 2),
      ...(lexicon.gradeAfter ?? []).slice(0, 1),
      ...(lexicon.birthdayAfter ?? []).slice(0, 1),
    ];
    for (const ten of tens) {
      for (const number of numbers) {
        for (const word of after) texts.push(`${ten}-${number} ${word}`, `${ten} et ${number} ${word}`);
        for (const word of before) texts.push(`${word} ${ten} ${number}`, `${word} ${ten} ${number} ${number}`);
      }
    }
    return texts;
  };

  it('finds what each rule would with the lookbehind in its pattern, over the evaluation set and every tens word', () => {
    const rules = lexicons.ageRules.filter((rule) => rule.numberAfterTens);
    expect(rules.length).toBeGreaterThan(80);
    const byLanguage = new Map(all.map((l) => [l.language, generated(l)]));
    const differences: string[] = [];
    let compared = 0;
    let found = 0;
    let afterTens = 0;
    for (const rule of rules) {
      const whole = withLookbehind(rule.pattern.source);
      for (const prompt of [...evalPrompts, ...byLanguage.get(rule.language)!]) {
        for (const text of readings(prompt)) {
          if (rule.wordsAfter && !rule.wordsAfter.test(text)) continue;
          const expected = shape(text.matchAll(whole));
          const got = shape(ruleMatches(lexicons, rule, text));
          if (got.join('|') !== expected.join('|'))
            differences.push(`${rule.language}:${rule.rule} on ${JSON.stringify(text)}: ${got} vs ${expected}`);
          compared += 1;
          found += expected.length;
          if (shape(text.matchAll(rule.pattern)).length > expected.length) afterTens += 1;
        }
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    // Not a comparison of empty lists only: many of these texts hold an age, and in many the
    // lookbehind takes a match away.
    expect(compared).toBeGreaterThan(20_000);
    expect(found).toBeGreaterThan(1_000);
    expect(afterTens).toBeGreaterThan(300);
  }, 120_000);

  it('tries the other ways through the words before a number that follows a tens word', () => {
    // 'aged twenty five': the longer words ('aged twenty') put a tens word before 'five'; the rule
    // still matches here through 'aged' with the number 'twenty', as its whole pattern does.
    const odd = compileLexicons([{ ...en, ageBefore: ['aged', 'aged twenty'] }], new Date('2026-11-23T12:00:00Z'));
    const rule = odd.ageRules.find((r) => r.rule === 'age')!;
    expect(rule.numberAfterTens).toBe('inside');
    for (const text of ['aged twenty five', 'aged twenty 5', 'aged twenty five and aged 12', 'aged 12']) {
      const whole = new RegExp(rule.pattern.source.replace('(?<n>', `${odd.notAfterTens!.source}(?<n>`), 'gu');
      expect(shape(ruleMatches(odd, rule, text)), text).toEqual(shape(text.matchAll(whole)));
    }
    expect(shape(ruleMatches(odd, rule, 'aged twenty five'))).toEqual(['0:aged twenty:twenty']);
    expect(findLexiconMatches(odd, 'aged twenty five and aged 12').map((m) => m.text)).toEqual(['aged 12']);
  });

  it('leaves the lookbehind out of the rules, which keep it at the number', () => {
    for (const rule of lexicons.ageRules.filter((r) => r.numberAfterTens)) {
      expect(rule.pattern.source).not.toContain(lexicons.notAfterTens!.source);
      expect(rule.pattern.hasIndices).toBe(true);
    }
    expect(rules('twenty five years old')).toEqual([]);
    expect(rules('five years old')).toEqual(['age:en:years']);
  });
});

describe('lexicon screen: verdict', () => {
  it('refuses with the rule and what matched, and escalates explicit abuse terms', () => {
    const verdict = screenText('child porn', compiled);
    expect(verdict).toMatchObject({ outcome: 'refused', stage: 'lexicon', category: 'minors', escalate: true });
    expect(screenText('a woman on a beach', compiled)).toEqual({ outcome: 'allowed' });
    const plain = screenText('a teen', compiled);
    expect(plain).toMatchObject({ outcome: 'refused', rule: 'lexicon:en:minor' });
    expect(plain).not.toHaveProperty('escalate');
  });
});

describe('lexicon screen: warm-up at start', () => {
  it('runs an ordinary adult prompt through the repository lexicons, which it leaves compiled', () => {
    expect(warmLexiconScreen()).toEqual({ outcome: 'allowed' });
    expect(screenText('a warm-up picture of a calm lake at dusk')).toEqual({ outcome: 'allowed' });
  });
});
