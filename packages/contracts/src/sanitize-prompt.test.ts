import { describe, expect, it } from 'vitest';
import { cleanPrompt, hasControlCharacters, isPromptBlank, sanitizePrompt } from './sanitize-prompt.ts';

describe('sanitizePrompt', () => {
  describe('straight double quotes', () => {
    it('brackets quoted text', () => {
      expect(sanitizePrompt('a "red" dress')).toBe('a [red] dress');
    });

    it('brackets every pair, left to right', () => {
      expect(sanitizePrompt('"one" and "two words"')).toBe('[one] and [two words]');
    });

    it('moves spaces just inside the quotes outside the brackets', () => {
      expect(sanitizePrompt('a " red " dress')).toBe('a [red] dress');
      expect(sanitizePrompt('"a "b" c"')).toBe('[a] b [c]');
    });

    it('drops a pair with blank text', () => {
      expect(sanitizePrompt('a "" b "   " c')).toBe('a b c');
    });

    it('leaves an unpaired quote alone', () => {
      expect(sanitizePrompt('say "hello')).toBe('say "hello');
      expect(sanitizePrompt('"a" b "c')).toBe('[a] b "c');
    });

    it('brackets text spanning lines and collapses it', () => {
      expect(sanitizePrompt('"red\n  dress"')).toBe('[red dress]');
    });
  });

  describe('straight single quotes', () => {
    it('brackets a quoted word or phrase', () => {
      expect(sanitizePrompt("a 'red' dress")).toBe('a [red] dress');
      expect(sanitizePrompt("'long red dress', night")).toBe('[long red dress], night');
    });

    it('leaves apostrophes alone', () => {
      expect(sanitizePrompt("don't stop 'til dawn")).toBe("don't stop 'til dawn");
      expect(sanitizePrompt("the dogs' toys")).toBe("the dogs' toys");
      expect(sanitizePrompt("it's Bob's hat")).toBe("it's Bob's hat");
    });

    it('keeps apostrophes inside a quoted phrase', () => {
      expect(sanitizePrompt("she says 'don't go' softly")).toBe("she says [don't go] softly");
    });

    it('needs a boundary after the closing quote', () => {
      expect(sanitizePrompt("'hat'.")).toBe('[hat].');
      expect(sanitizePrompt("('hat')")).toBe('([hat])');
      expect(sanitizePrompt("'ab'cd")).toBe("'ab'cd");
    });

    it('does not pair quotes around text that starts or ends with a space', () => {
      expect(sanitizePrompt("a ' b ' c")).toBe("a ' b ' c");
    });

    it('brackets nested pairs innermost first', () => {
      expect(sanitizePrompt("'a 'b' c'")).toBe('[a [b] c]');
    });
  });

  describe('curly quotes (spec section 5: they become plain quotes, and stay)', () => {
    it('become plain double quotes that are not bracketed', () => {
      expect(sanitizePrompt('\u201Cfilm\u201D')).toBe('"film"');
      expect(sanitizePrompt('a \u201Cred\u201D dress')).toBe('a "red" dress');
    });

    it('become plain single quotes that are not bracketed', () => {
      expect(sanitizePrompt('a \u2018red\u2019 dress')).toBe("a 'red' dress");
    });

    it('while text in straight quotes is still bracketed', () => {
      expect(sanitizePrompt('"neon" city, \u201Crainy\u201D night')).toBe('[neon] city, "rainy" night');
      expect(sanitizePrompt("'neon' city, \u2018rainy\u2019 night")).toBe("[neon] city, 'rainy' night");
    });

    it('turn a curly apostrophe into a plain one', () => {
      expect(sanitizePrompt('don\u2019t stop')).toBe("don't stop");
      expect(sanitizePrompt("she says 'don\u2019t go' softly")).toBe("she says [don't go] softly");
    });

    it('do not pair with a straight quote', () => {
      expect(sanitizePrompt('a \u201Cred" dress')).toBe('a "red" dress');
    });

    it('leave a lone curly double quote as a plain one', () => {
      expect(sanitizePrompt('a \u201Dred')).toBe('a "red');
    });
  });

  describe('removed characters', () => {
    it.each([
      ['backslashes', 'a\\b\\\\c', 'abc'],
      ['angle brackets', '<b>bold</b>', 'bbold/b'],
      ['dollar signs', '$5 or $$', '5 or'],
      ['pipes', 'a|b | c', 'ab c'],
    ])('removes %s', (_name, input, expected) => {
      expect(sanitizePrompt(input)).toBe(expected);
    });

    it.each([
      ['<18', 'nude girl <18', 'nude girl under 18'],
      ['< 16 with a space', 'nude girl, age < 16', 'nude girl, age under 16'],
      ['<=17', 'nude girl <=17', 'nude girl under 17'],
      ['a heart', 'i <3 you', 'i 3 you'],
      ['a number past 18', 'woman <30', 'woman 30'],
      ['three digits', '<180 cm', '180 cm'],
    ])(
      'reads a < before an age from 10 to 18 as "under" (%s), and removes it before anything else',
      (_name, input, expected) => {
        expect(sanitizePrompt(input)).toBe(expected);
        expect(cleanPrompt(input)).toBe(expected);
      },
    );

    it('keeps other punctuation and square brackets', () => {
      expect(sanitizePrompt('[x], (y)! {z}? #1 & 50% @home')).toBe('[x], (y)! {z}? #1 & 50% @home');
    });
  });

  describe('whitespace', () => {
    it('collapses runs of spaces, tabs and newlines and trims', () => {
      expect(sanitizePrompt('  a \t\n b\r\n\n c  ')).toBe('a b c');
    });

    it('collapses the space a removed character leaves behind', () => {
      expect(sanitizePrompt('a | b')).toBe('a b');
    });
  });

  describe('control characters', () => {
    const C0_NOT_WHITESPACE = [...range(0x00, 0x08), ...range(0x0e, 0x1f)];
    const C1_AND_DEL = range(0x7f, 0x9f);

    it('removes NUL, so a word split by it is whole again', () => {
      expect(sanitizePrompt('lo\u0000li')).toBe('loli');
      expect(sanitizePrompt('\u0000a\u0000 b\u0000')).toBe('a b');
    });

    it('removes the byte order mark, which would otherwise split a word like a space', () => {
      expect(sanitizePrompt('k\uFEFFid naked')).toBe('kid naked');
    });

    it.each([...C0_NOT_WHITESPACE, ...C1_AND_DEL].map((code) => [code.toString(16).padStart(4, '0'), code]))(
      'removes U+%s',
      (_hex, code) => {
        const ch = String.fromCharCode(code);
        expect(sanitizePrompt(`te${ch}en ${ch}girl${ch}`)).toBe('teen girl');
      },
    );

    it('turns the whitespace ones (tab, line feed, vertical tab, form feed, carriage return) into spaces', () => {
      expect(sanitizePrompt('a\tb\nc\u000Bd\u000Ce\rf')).toBe('a b c d e f');
    });

    it('removes them before the other steps: quotes still pair, removed characters still go', () => {
      expect(sanitizePrompt('"\u0001red\u0002" \u0007$dress\u009F')).toBe('[red] dress');
      expect(sanitizePrompt("a '\u0000red\u0000' dress")).toBe('a [red] dress');
    });

    it('leaves a prompt of only control characters blank', () => {
      expect(sanitizePrompt('\u0000\u0001\u007F\u0085')).toBe('');
      expect(isPromptBlank('\u0000\u0000')).toBe(true);
    });

    it('keeps format characters and other scripts for the safety screen', () => {
      expect(sanitizePrompt('голая\u0000 школьница 裸の\u200B女子')).toBe('голая школьница 裸の\u200B女子');
    });

    it('leaves no control character at all in any result', () => {
      const every = range(0x00, 0x9f)
        .map((code) => String.fromCharCode(code))
        .join('x');
      expect(hasControlCharacters(sanitizePrompt(every))).toBe(false);
    });
  });

  describe('combinations', () => {
    it('removes characters before bracketing', () => {
      expect(sanitizePrompt('"<red>"')).toBe('[red]');
      expect(sanitizePrompt('\\"escaped\\"')).toBe('[escaped]');
    });

    it('drops a pair whose text was only removed characters', () => {
      expect(sanitizePrompt('a "$|" b')).toBe('a b');
    });

    it('handles everything at once', () => {
      const input = '  \u201Cneon\u201D city,\n\t\u2018rainy\u2019 night <8k> $best$ | don\u2019t   blur \\ ';
      expect(sanitizePrompt(input)).toBe(`"neon" city, 'rainy' night 8k best don't blur`);
    });

    it('is idempotent on a prompt without curly quotes', () => {
      const inputs = [
        'a "red" dress',
        "'a 'b' c'",
        '"a "b" c"',
        "don't 'stop'",
        'say "hello',
        '  x | $y$ <z>  ',
        '"\u0000a\u0000" \u0085b\t',
      ];
      for (const input of inputs) {
        const once = sanitizePrompt(input);
        expect(sanitizePrompt(once)).toBe(once);
      }
    });

    it('stays fast on a hostile 2000-character prompt', () => {
      const hostile = "('".repeat(500) + 'x' + "')".repeat(500);
      const started = performance.now();
      sanitizePrompt(hostile);
      expect(performance.now() - started).toBeLessThan(500);
    });
  });
});

describe('hasControlCharacters', () => {
  it.each(['\u0000', 'a\u0001', 'a\tb', 'a\nb', '\u007F', '\u0085', '\u009F'])('is true for %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each(['', 'Realistic, Free, Portrait', '\u00A0', '\u200B', 'ü 裸'])('is false for %j', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});

describe('cleanPrompt (what the API applies to the prompt it receives)', () => {
  it('keeps a sanitised prompt as it is, so curly quotes made plain by the web are not bracketed on arrival', () => {
    const inputs = [
      '\u201Cfilm\u201D',
      'a "red" dress, \u2018soft\u2019 light',
      "'a 'b' c'",
      'say "hello',
      '  \u201Cneon\u201D city,\n\t\u2018rainy\u2019 night <8k> $best$ | don\u2019t   blur \\ ',
      '"\u0000a\u0000" \u0085b\t',
    ];
    for (const input of inputs) {
      const sent = sanitizePrompt(input);
      expect(cleanPrompt(sent), JSON.stringify(input)).toBe(sent);
    }
  });

  it('removes what the sanitiser removes and makes curly quotes plain, bracketing nothing', () => {
    expect(cleanPrompt('  say "hello" \u201Cnow\u201D <b>$x|y\\z\u0000w\n\t end ')).toBe('say "hello" "now" bxyzw end');
  });

  it('is idempotent', () => {
    const once = cleanPrompt(' \u2018a\u2019 | "b" \u0001 c ');
    expect(cleanPrompt(once)).toBe(once);
  });
});

describe('isPromptBlank', () => {
  it.each(['', '   ', '\n\t ', '$|<>\\', '""', '" "'])('is true for %j', (input) => {
    expect(isPromptBlank(input)).toBe(true);
  });

  it.each(['a', '  a  ', '"a"', '[]', "'"])('is false for %j', (input) => {
    expect(isPromptBlank(input)).toBe(false);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
