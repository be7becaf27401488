// The control-character rule of every text field a client sends (docs/security.md "## Errors"). A
// NUL makes PostgreSQL refuse the write (22021) and the other control characters are invisible junk in
// what support or other members read, so a request holding one is refused with a 400 naming the field,
// before anything is written. Tab, line feed and carriage return are ordinary text (a support message
// has lines). The prompt is the one exception: the spec's sanitiser strips control characters from it
// (sanitize-prompt.ts), so its schema opts out.

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
export const REFUSED_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when `text` holds a character no text field accepts. */
export function hasRefusedControlCharacters(text: string): boolean {
  return REFUSED_CONTROL_CHARACTERS.test(text);
}

/** The message of the rule, naming the field. */
export function controlCharactersMessage(field: string): string {
  return `${field} must not contain control characters`;
}

/** A zod refinement: `.refine(...noControlCharacters('contents'))`. */
export function noControlCharacters(field: string) {
  return [(text: string) => !hasRefusedControlCharacters(text), { error: controlCharactersMessage(field) }] as const;
}
