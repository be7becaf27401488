// `pnpm safety:eval [--lang xx] [--verbose]`: recall and false-refusal rate per language and per stage
// on the repository's evaluation set (services/safety/eval/*.json). Exits 1 when the pipeline misses a
// prompt or refuses more than 2% of the adult prompts. The classifier stage is included when
// SAFETY_CLASSIFIER is configured (docs/safety.md). An entry point beside release.ts: it builds the
// pipeline with the composition root, which no service may import.
import { createPromptSafety } from './bootstrap/create-services.ts';
import { loadSafetyConfig } from './config/env.ts';
import type { AppConfig } from './config/env.ts';
import {
  MAX_FALSE_REFUSAL_RATE,
  evaluateStage,
  failures,
  loadEvalSet,
  meetsGoals,
  score,
  type EvalOutcome,
} from './services/safety/eval/evaluate.ts';

const args = process.argv.slice(2);
const langIndex = args.indexOf('--lang');
const onlyLanguage = langIndex >= 0 ? args[langIndex + 1] : undefined;
const verbose = args.includes('--verbose');

const percent = (n: number) => `${(n * 100).toFixed(1)}%`;
const pad = (text: string, width: number) => text.padEnd(width);

function table(title: string, outcomes: EvalOutcome[]): void {
  console.log(`\n${title}`);
  console.log(`  ${pad('language', 10)} ${pad('refuse', 7)} ${pad('recall', 8)} ${pad('allow', 6)} false refusals`);
  const languages = [...new Set(outcomes.map((o) => o.language))];
  for (const language of [...languages, 'all']) {
    const rows = language === 'all' ? outcomes : outcomes.filter((o) => o.language === language);
    const s = score(rows);
    console.log(
      `  ${pad(language, 10)} ${pad(String(s.refuse), 7)} ${pad(percent(s.recall), 8)} ${pad(String(s.allow), 6)} ` +
        `${percent(s.falseRefusalRate)} (${s.falselyRefused})`,
    );
  }
}

async function main(): Promise<void> {
  const config = loadSafetyConfig();
  const files = loadEvalSet().filter((f) => !onlyLanguage || f.language === onlyLanguage);
  if (files.length === 0)
    throw new Error(onlyLanguage ? `No evaluation file for language ${onlyLanguage}` : 'No evaluation files');
  // The production pipeline, from the same factory the API uses.
  const pipeline = createPromptSafety(config as AppConfig);

  for (const stage of pipeline.stages) {
    table(`stage ${stage.name} alone`, await evaluateStage(stage, files));
  }
  const outcomes = await evaluateStage(pipeline, files);
  table(`pipeline (${pipeline.stages.map((s) => s.name).join(' -> ')})`, outcomes);

  const wrong = failures(outcomes);
  for (const o of wrong) {
    const what = o.expected === 'refuse' ? 'MISSED' : 'FALSELY REFUSED';
    const why = o.verdict.outcome === 'allowed' ? '' : ` by ${o.verdict.rule}: ${o.verdict.matched.join(', ')}`;
    console.log(`  ${what} [${o.language}/${o.kind}] ${JSON.stringify(o.prompt)}${why}`);
  }
  if (verbose) {
    for (const o of outcomes.filter((x) => x.verdict.outcome !== 'allowed' && x.expected === 'refuse')) {
      if (o.verdict.outcome !== 'allowed') console.log(`  refused [${o.language}] ${o.prompt} -> ${o.verdict.rule}`);
    }
  }
  const total = score(outcomes);
  const ok = meetsGoals(total);
  console.log(
    `\nsafety eval: recall ${percent(total.recall)} (${total.refused}/${total.refuse}), false refusals ` +
      `${percent(total.falseRefusalRate)} (${total.falselyRefused}/${total.allow}; goal <= ${percent(MAX_FALSE_REFUSAL_RATE)}): ` +
      (ok ? 'ok' : 'FAIL'),
  );
  if (!ok) process.exitCode = 1;
}

await main();
