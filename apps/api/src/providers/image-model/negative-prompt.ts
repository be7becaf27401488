// The negative prompt every real image model receives. Its mandatory terms steer the model away from
// anything that looks like a minor; presets (IMAGE_PRESETS_FILE) and configuration
// (SAFETY_NEGATIVE_PROMPT_EXTRA) can add terms but never remove these. English: the language the
// checkpoints' text encoders were trained on. Mandatory terms come first, so a backend that truncates
// the prompt at the text encoder's token limit (77 for CLIP) still sees them.

/** Sent to every real model, first, whatever the presets say. */
export const MANDATORY_NEGATIVE_TERMS: readonly string[] = [
  'child',
  'minor',
  'underage',
  'teen',
  'young-looking',
  'loli',
  'shota',
  'kid',
  'teenager',
  'preteen',
  'adolescent',
  'childlike',
  'child body',
  'schoolgirl',
  'schoolboy',
  'little girl',
  'little boy',
  'toddler',
  'baby',
  'prepubescent',
];

/**
 * Terms that assert adulthood. As negative terms they would push the model towards younger-looking
 * people, so a preset or configuration term that is one of them (with or without emphasis, e.g.
 * `(mature:1.2)`) is dropped.
 */
const ADULTHOOD_TERMS = new Set([
  'adult',
  'adults',
  'adult woman',
  'adult women',
  'adult man',
  'adult men',
  'adult body',
  'adult face',
  'mature',
  'mature woman',
  'mature body',
  'grown-up',
  'grown up',
  'grownup',
  'milf',
  '18+',
  'over 18',
  'of age',
  'legal age',
]);

/** The comma- (or line-) separated terms of a negative prompt, trimmed, empty ones left out. */
export function negativeTerms(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[,\n]/)
    .map((term) => term.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** How two terms are compared: case and spacing do not matter. */
function termKey(term: string): string {
  return term.toLowerCase();
}

/** The bare words of a term without A1111/ComfyUI emphasis: `((mature:1.3))` -> `mature`. */
function bareWords(term: string): string {
  return termKey(term)
    .replace(/^[([{\s]+|[)\]}\s]+$/g, '')
    .replace(/:\s*-?[\d.]+$/, '')
    .trim();
}

/**
 * The negative prompt to send: the mandatory terms first, then the terms of `parts` (style, model,
 * presets, in that order) and the configured extra terms, de-duplicated (case-insensitive, first
 * occurrence kept). Terms asserting adulthood are dropped from the parts and extras.
 */
export function withMandatoryNegative(parts: ReadonlyArray<string | undefined>, extra: readonly string[] = []): string {
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (term: string, mandatory: boolean) => {
    const key = termKey(term);
    if (seen.has(key) || (!mandatory && ADULTHOOD_TERMS.has(bareWords(term)))) return;
    seen.add(key);
    terms.push(term);
  };
  for (const term of MANDATORY_NEGATIVE_TERMS) add(term, true);
  for (const part of parts) for (const term of negativeTerms(part)) add(term, false);
  for (const term of extra) for (const t of negativeTerms(term)) add(t, false);
  return terms.join(', ');
}
