// Prompt sanitising of spec section 5: the web runs sanitizePrompt before sending. The API runs
// cleanPrompt on what it receives (the make-images schema): the same steps without the quote ones,
// because the spec's curly quotes become plain quotes that stay, and bracketing again on arrival
// would turn the web's `"film"` (from `“film”`) into `[film]`. A sanitised prompt passes cleanPrompt
// unchanged; a client that skips sanitising still gets everything removed, only its quotes are not
// bracketed. Readings of the spec:
//
// 0. Control characters (C0, DEL and C1, e.g. NUL) and the byte order mark are removed before anything
//    else, so they never reach the safety screen or the database: 'lo\u0000li' is screened as 'loli'.
//    The whitespace ones (tab, line feed, vertical tab, form feed, carriage return) stay for step 5.
// 1. Backslashes, angle brackets, dollar signs and pipes are removed (before bracketing, so `"<a>"`
//    gives `[a]` and an escaped `\"a\"` is treated as a quoted `"a"`). One exception, for the safety
//    screen: a `<` before a number from 10 to 18 says "under" and becomes that word (`<18` ->
//    `under 18`, `<=16` -> `under 16`); removed, it would turn "under 18" into "18".
// 2. Straight double quotes pair left to right: `"text"` -> `[text]`. Spaces just inside the quotes
//    move outside the brackets (`" red "` -> ` [red] `); a pair with blank text is dropped; an unpaired
//    `"` stays as it is.
// 3. Straight single quotes only pair when they look like quotation marks, not apostrophes: the
//    opening ' starts the text or follows whitespace or an opening bracket, the text does not start
//    or end with whitespace, and the closing ' ends the text or is followed by whitespace or
//    punctuation. So `a 'red' dress` -> `a [red] dress`, `'don't stop'` -> `[don't stop]`, while
//    `don't`, `dogs' toys` and `'til` stay untouched. Pairs are bracketed innermost first until none
//    is left, so `'a 'b' c'` -> `[a [b] c]`.
// 4. Curly quotes become plain ones AFTER bracketing (“ ” -> ", ‘ ’ -> '), so they stay as quotes:
//    `“film”` -> `"film"`, `don’t` -> `don't`. They never pair with straight quotes.
// 5. Whitespace (including newlines) collapses to single spaces; the result is trimmed.
// sanitizePrompt is idempotent on prompts without curly quotes; cleanPrompt is idempotent on all.

/** C0 controls, DEL and C1 controls (Unicode category Cc). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;
/**
 * What the sanitiser removes first: every control character but the whitespace ones (\t \n \v \f \r),
 * and the byte order mark U+FEFF, an invisible character that JavaScript counts as whitespace (step 5
 * would turn 'k\uFEFFid' into 'k id').
 */
// eslint-disable-next-line no-control-regex
const STRIPPED_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\uFEFF]/g;
const CURLY_DOUBLE = /[\u201C\u201D]/g;
const CURLY_SINGLE = /[\u2018\u2019]/g;
const REMOVED = /[\\<>$|]/g;
/** `<18`, `< 16`, `<=17`: "under" an age (step 1). */
const UNDER_SIGN = /<\s*=?\s*(?=1[0-8](?!\d))/g;
const DOUBLE_QUOTED = /"([^"]*)"/g;
const SINGLE_QUOTED = /(^|[\s([{])'(\S(?:[^]*?\S)?)'(?=$|[\s.,;:!?)\]}])/g;
const WHITESPACE = /\s+/g;

function bracket(text: string): string {
  const inner = text.trim();
  if (inner === '') return text;
  const start = text.indexOf(inner);
  return `${text.slice(0, start)}[${inner}]${text.slice(start + inner.length)}`;
}

function bracketSingleQuoted(text: string): string {
  // Bracketing an inner pair can turn the quotes around it into a pair; repeat until stable so that
  // sanitising twice gives the same result as sanitising once.
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = previous.replace(SINGLE_QUOTED, (_match, before: string, quoted: string) => before + bracket(quoted));
  } while (current !== previous);
  return current;
}

export function sanitizePrompt(input: string): string {
  const bracketed = input
    .replace(STRIPPED_CONTROLS, '')
    .replace(UNDER_SIGN, 'under ')
    .replace(REMOVED, '')
    .replace(DOUBLE_QUOTED, (_match, text: string) => bracket(text));
  return plainQuotes(bracketSingleQuoted(bracketed)).replace(WHITESPACE, ' ').trim();
}

/**
 * What the API applies to a prompt it receives: sanitizePrompt's removals, plain quotes and
 * whitespace, but no bracketing (see the top of this file). cleanPrompt(sanitizePrompt(x)) equals
 * sanitizePrompt(x).
 */
export function cleanPrompt(input: string): string {
  return plainQuotes(input.replace(STRIPPED_CONTROLS, '').replace(UNDER_SIGN, 'under ').replace(REMOVED, ''))
    .replace(WHITESPACE, ' ')
    .trim();
}

function plainQuotes(text: string): string {
  return text.replace(CURLY_DOUBLE, '"').replace(CURLY_SINGLE, "'");
}

/** True when `text` holds a control character (C0, DEL or C1, whitespace ones included). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * True when nothing would be left to send: empty, whitespace only, or only characters the sanitiser
 * removes. The Generate button is disabled then, and the API rejects such a prompt.
 */
export function isPromptBlank(input: string): boolean {
  return sanitizePrompt(input) === '';
}
