import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JobDefinition } from './job.ts';
import { buildJobRegistry, JOB_HANDLERS } from './registry.ts';

// The definitions are enumerated from the files (every `<name>.job.ts` beside this test), not from a
// list kept by hand: a new job without a handler in the registry fails here.
const definitionFiles = fs.readdirSync(import.meta.dirname).filter((file) => file.endsWith('.job.ts'));

function isJobDefinition(value: unknown): value is JobDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as JobDefinition).name === 'string' &&
    typeof (value as JobDefinition).queue === 'string' &&
    typeof (value as JobDefinition).enqueue === 'function'
  );
}

async function allDefinitions(): Promise<JobDefinition[]> {
  const modules = await Promise.all(definitionFiles.map((file) => import(`./${file}`) as Promise<object>));
  return modules.flatMap((exports) => Object.values(exports).filter(isJobDefinition));
}

describe('job registry', () => {
  it('finds the job definitions', async () => {
    expect(definitionFiles.length).toBeGreaterThan(0);
    const definitions = await allDefinitions();
    expect(definitions.length).toBeGreaterThanOrEqual(definitionFiles.length);
    // Versioned names, unique across all jobs.
    for (const { name } of definitions) expect(name).toMatch(/\.v\d+$/);
    expect(new Set(definitions.map((d) => d.name)).size).toBe(definitions.length);
  });

  it('has exactly one handler for every job definition, and none for anything else', async () => {
    const definitions = await allDefinitions();
    for (const definition of definitions) {
      const handlers = JOB_HANDLERS.filter((handler) => handler.job === definition);
      expect(handlers, `handlers of ${definition.name}`).toHaveLength(1);
    }
    for (const handler of JOB_HANDLERS) expect(definitions).toContain(handler.job);
  });

  it('refuses a job registered twice at start-up', () => {
    expect(buildJobRegistry().size).toBe(JOB_HANDLERS.length);
    expect(() => buildJobRegistry([...JOB_HANDLERS, JOB_HANDLERS[0]!])).toThrow(/registered twice/);
  });
});
