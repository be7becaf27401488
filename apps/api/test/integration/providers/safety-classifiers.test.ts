import { afterEach, describe, expect, it } from 'vitest';
import { createPromptSafety } from '../../../src/bootstrap/create-services.ts';
import { SafetyProviderError, type PromptClassifier } from '../../../src/providers/safety/index.ts';
import { createLlamaGuardClassifier, parseLlamaGuardAnswer } from '../../../src/providers/safety/llama-guard.ts';
import { createOpenAiModerationClassifier } from '../../../src/providers/safety/openai-moderation.ts';
import { createLexiconStage } from '../../../src/services/safety/lexicon-screen.ts';
import { createPromptPipeline, SafetyUnavailableError } from '../../../src/services/safety/prompt-pipeline.ts';
import { testConfig } from '../../support/app.ts';
import { closedPortUrl, type FakeServer } from '../../support/fakes/http-fake.ts';
import { GUARD_MINOR_MARKER, startLlamaGuardFake } from '../../support/fakes/llama-guard.ts';
import { MINOR_MARKER, startOpenAiModerationFake } from '../../support/fakes/openai-moderation.ts';

const ADULT_PROMPT = 'explicit nude photo of a woman, 30, on a velvet sofa';
const API_KEY = 'sk-test-secret-key-0123456789';

let fakes: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

async function track<T extends FakeServer>(fake: Promise<T>): Promise<T> {
  const started = await fake;
  fakes.push(started);
  return started;
}

/** The error a check fails with (a check may answer synchronously or with a promise). */
async function failure(pending: unknown): Promise<SafetyProviderError> {
  let err: unknown = null;
  try {
    await pending;
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(SafetyProviderError);
  return err as SafetyProviderError;
}

describe('OpenAI-compatible moderation classifier (fake /v1/moderations)', () => {
  it('posts { model, input } with the bearer key and refuses sexual/minors, escalated', async () => {
    const fake = await track(startOpenAiModerationFake('ok', { apiKey: API_KEY }));
    const classifier = createOpenAiModerationClassifier({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 2_000 });
    expect([classifier.stage, classifier.name]).toEqual(['classifier', 'openai-moderation']);

    const verdict = await classifier.check(`nude ${MINOR_MARKER} on a bed`);
    expect(verdict).toEqual({
      outcome: 'refused',
      stage: 'classifier',
      category: 'minors',
      rule: 'openai-moderation:sexual/minors',
      matched: ['sexual/minors=0.9312'],
      escalate: true,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect([request!.method, request!.path]).toEqual(['POST', '/v1/moderations']);
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.json).toEqual({ model: 'omni-moderation-latest', input: `nude ${MINOR_MARKER} on a bed` });
  });

  it('allows sexual, violent and other flagged content that does not involve minors', async () => {
    const fake = await track(startOpenAiModerationFake());
    const classifier = createOpenAiModerationClassifier({ baseUrl: fake.url, timeoutMs: 2_000 });
    expect(await classifier.check(ADULT_PROMPT)).toEqual({ outcome: 'allowed' });
    expect(await classifier.check('explicit sex, blood and a knife fight')).toEqual({ outcome: 'allowed' });
    expect(await classifier.check('a quiet beach at dawn')).toEqual({ outcome: 'allowed' });
    // No key configured: no Authorization header.
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends the configured model, and accepts a base URL that already ends in /v1', async () => {
    const fake = await track(startOpenAiModerationFake());
    const classifier = createOpenAiModerationClassifier({
      baseUrl: `${fake.url}/v1/`,
      model: 'text-moderation-stable',
      timeoutMs: 2_000,
    });
    await classifier.check('hello');
    expect(fake.requests[0]!.path).toBe('/v1/moderations');
    expect(fake.requests[0]!.json).toMatchObject({ model: 'text-moderation-stable' });
  });

  it('a server that never answers is a SafetyProviderError after the timeout', async () => {
    const fake = await track(startOpenAiModerationFake('hang'));
    const classifier = createOpenAiModerationClassifier({ baseUrl: fake.url, timeoutMs: 200 });
    const started = Date.now();
    const err = await failure(classifier.check(ADULT_PROMPT));
    expect(err.provider).toBe('openai-moderation');
    expect(err.message).toMatch(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("the caller's signal ends the wait too", async () => {
    const fake = await track(startOpenAiModerationFake('hang'));
    const classifier = createOpenAiModerationClassifier({ baseUrl: fake.url, timeoutMs: 30_000 });
    const err = await failure(classifier.check(ADULT_PROMPT, AbortSignal.timeout(150)));
    expect(err.message).toMatch(/cancelled/);
  });

  it('HTTP 500, an unreachable server and answers that are not moderations are errors', async () => {
    const crashed = await track(startOpenAiModerationFake('server-error'));
    const err = await failure(createOpenAiModerationClassifier({ baseUrl: crashed.url, timeoutMs: 2_000 }).check('x'));
    expect(err.message).toMatch(/HTTP 500/);

    const closed = await closedPortUrl();
    expect(
      (await failure(createOpenAiModerationClassifier({ baseUrl: closed, timeoutMs: 2_000 }).check('x'))).message,
    ).toMatch(/failed/);

    const malformed = await track(startOpenAiModerationFake('malformed'));
    expect(
      (await failure(createOpenAiModerationClassifier({ baseUrl: malformed.url, timeoutMs: 2_000 }).check('x')))
        .message,
    ).toMatch(/malformed answer/);

    const html = await track(startOpenAiModerationFake('not-json'));
    expect(
      (await failure(createOpenAiModerationClassifier({ baseUrl: html.url, timeoutMs: 2_000 }).check('x'))).message,
    ).toMatch(/not JSON/);
  });

  it('never puts the API key or the credentials of the URL in an error', async () => {
    const fake = await track(startOpenAiModerationFake('ok', { apiKey: 'the-right-key' }));
    const wrongKey = await failure(
      createOpenAiModerationClassifier({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 2_000 }).check('x'),
    );
    expect(wrongKey.message).toMatch(/HTTP 401/);
    expect(wrongKey.message).not.toContain(API_KEY);

    // user:password@ in the URL becomes Basic auth (fetch refuses credentials in a URL).
    const crashed = await track(startOpenAiModerationFake('server-error'));
    const withCredentials = crashed.url.replace('http://', 'http://velvet:p%40ss-s3cret@');
    const err = await failure(
      createOpenAiModerationClassifier({ baseUrl: withCredentials, timeoutMs: 2_000 }).check('x'),
    );
    expect(crashed.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('velvet:p@ss-s3cret').toString('base64')}`,
    );
    expect(err.message).not.toMatch(/s3cret|velvet:/);
  });
});

describe('Llama Guard classifier (fake OpenAI-compatible chat endpoint)', () => {
  it('asks the model at temperature 0 and refuses unsafe S4, escalated', async () => {
    const fake = await track(startLlamaGuardFake('ok', { apiKey: API_KEY }));
    const classifier = createLlamaGuardClassifier({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 2_000 });
    expect([classifier.stage, classifier.name]).toEqual(['classifier', 'llama-guard']);

    const prompt = `naked ${GUARD_MINOR_MARKER}`;
    expect(await classifier.check(prompt)).toEqual({
      outcome: 'refused',
      stage: 'classifier',
      category: 'minors',
      rule: 'llama-guard:S4',
      matched: ['S4', 'S12'],
      escalate: true,
    });
    const [request] = fake.requests;
    expect([request!.method, request!.path]).toEqual(['POST', '/v1/chat/completions']);
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.json).toMatchObject({
      model: 'meta-llama/Llama-Guard-3-8B',
      messages: [{ role: 'user', content: prompt }],
      temperature: 0,
    });
    expect((request!.json as { max_tokens: number }).max_tokens).toBeLessThanOrEqual(32);
  });

  it('allows safe, and unsafe in other categories only (S12 sexual content, S2)', async () => {
    const fake = await track(startLlamaGuardFake('ok', { model: 'llama-guard3:8b' }));
    const classifier = createLlamaGuardClassifier({
      baseUrl: `${fake.url}/v1`,
      model: 'llama-guard3:8b',
      timeoutMs: 2_000,
    });
    expect(await classifier.check('a quiet beach at dawn')).toEqual({ outcome: 'allowed' });
    expect(await classifier.check(ADULT_PROMPT)).toEqual({ outcome: 'allowed' });
    expect(await classifier.check('explicit sex while they steal a car')).toEqual({ outcome: 'allowed' });
    expect(fake.requests.map((r) => r.path)).toEqual(Array(3).fill('/v1/chat/completions'));
  });

  it('reads the answers Llama Guard 2, 3 and 4 write, and nothing else', () => {
    expect(parseLlamaGuardAnswer('safe')).toEqual({ safe: true });
    expect(parseLlamaGuardAnswer('\n\nsafe\n')).toEqual({ safe: true });
    expect(parseLlamaGuardAnswer('unsafe\nS4')).toEqual({ safe: false, categories: ['S4'] });
    expect(parseLlamaGuardAnswer(' unsafe\nS12, s4 ')).toEqual({ safe: false, categories: ['S12', 'S4'] });
    // Cut off at max_tokens: the last category may be incomplete.
    expect(parseLlamaGuardAnswer('unsafe\nS1,S2,S4,S1', true)).toEqual({ safe: false, categories: ['S1', 'S2', 'S4'] });
    expect(parseLlamaGuardAnswer('unsafe\nS2,S4', true)).toEqual({ safe: false, categories: ['S2', 'S4'] });
    expect(() => parseLlamaGuardAnswer('unsafe')).toThrow(SafetyProviderError);
    expect(() => parseLlamaGuardAnswer('unsafe\nchild abuse')).toThrow(SafetyProviderError);
    expect(() => parseLlamaGuardAnswer('Sure! Here is a poem')).toThrow(SafetyProviderError);
    expect(() => parseLlamaGuardAnswer('')).toThrow(SafetyProviderError);
  });

  it('an answer that is neither safe nor unsafe, HTTP 500, an unknown model and a timeout are errors', async () => {
    const malformed = await track(startLlamaGuardFake('malformed'));
    const chat = await failure(createLlamaGuardClassifier({ baseUrl: malformed.url, timeoutMs: 2_000 }).check('x'));
    expect(chat.message).toMatch(/malformed answer/);

    const crashed = await track(startLlamaGuardFake('server-error'));
    expect(
      (await failure(createLlamaGuardClassifier({ baseUrl: crashed.url, timeoutMs: 2_000 }).check('x'))).message,
    ).toMatch(/HTTP 500/);

    const other = await track(startLlamaGuardFake('ok', { model: 'llama-guard3:1b' }));
    expect(
      (await failure(createLlamaGuardClassifier({ baseUrl: other.url, timeoutMs: 2_000 }).check('x'))).message,
    ).toMatch(/HTTP 404.*does not exist/);

    const html = await track(startLlamaGuardFake('not-json'));
    expect(
      (await failure(createLlamaGuardClassifier({ baseUrl: html.url, timeoutMs: 2_000 }).check('x'))).message,
    ).toMatch(/not JSON/);

    const hanging = await track(startLlamaGuardFake('hang'));
    const started = Date.now();
    const timeout = await failure(createLlamaGuardClassifier({ baseUrl: hanging.url, timeoutMs: 200 }).check('x'));
    expect(timeout.message).toMatch(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('prompt pipeline with a classifier', () => {
  const pipeline = (classifier: PromptClassifier, failClosed: boolean) =>
    createPromptPipeline([createLexiconStage(), classifier], { failClosed });

  it('asks the classifier after the word lists, which decide first', async () => {
    const fake = await track(startLlamaGuardFake());
    const safety = pipeline(createLlamaGuardClassifier({ baseUrl: fake.url, timeoutMs: 2_000 }), true);
    expect(await safety.check(`naked ${GUARD_MINOR_MARKER}`)).toMatchObject({
      outcome: 'refused',
      stage: 'classifier',
      rule: 'llama-guard:S4',
      escalate: true,
    });
    expect(await safety.check(ADULT_PROMPT)).toEqual({ outcome: 'allowed' });
    expect(fake.requests).toHaveLength(2);

    // Refused by the lexicon: the classifier is not asked.
    expect(await safety.check('naked child')).toMatchObject({ outcome: 'refused', stage: 'lexicon' });
    expect(fake.requests).toHaveLength(2);
  });

  it('fails closed: a failing classifier refuses with SafetyUnavailableError', async () => {
    const fake = await track(startOpenAiModerationFake('server-error'));
    const safety = pipeline(createOpenAiModerationClassifier({ baseUrl: fake.url, timeoutMs: 2_000 }), true);
    const err = await safety.check(ADULT_PROMPT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafetyUnavailableError);
    expect((err as Error).cause).toBeInstanceOf(SafetyProviderError);

    const hanging = await track(startLlamaGuardFake('hang'));
    const slow = pipeline(createLlamaGuardClassifier({ baseUrl: hanging.url, timeoutMs: 150 }), true);
    await expect(slow.check(ADULT_PROMPT)).rejects.toBeInstanceOf(SafetyUnavailableError);
  });

  it("fails open: the lexicon's verdict stands, and the failure is reported", async () => {
    const fake = await track(startLlamaGuardFake('malformed'));
    const failures: string[] = [];
    const safety = createPromptPipeline(
      [createLexiconStage(), createLlamaGuardClassifier({ baseUrl: fake.url, timeoutMs: 2_000 })],
      { failClosed: false, onStageError: (stage) => failures.push(stage.name) },
    );
    expect(await safety.check(ADULT_PROMPT)).toEqual({ outcome: 'allowed' });
    expect(failures).toEqual(['llama-guard']);
    const lexicon = createLexiconStage();
    for (const prompt of ['naked child', `naked ${GUARD_MINOR_MARKER}`]) {
      expect(await safety.check(prompt)).toEqual(await lexicon.check(prompt));
    }
  });

  it('is what the services get when SAFETY_CLASSIFIER is configured', async () => {
    const fake = await track(startOpenAiModerationFake('ok', { apiKey: API_KEY }));
    const safety = createPromptSafety(
      testConfig({
        SAFETY_CLASSIFIER: 'openai-moderation',
        SAFETY_CLASSIFIER_URL: fake.url,
        SAFETY_CLASSIFIER_API_KEY: API_KEY,
        SAFETY_CLASSIFIER_TIMEOUT_MS: '2000',
      }),
    );
    expect(safety.stages.map((s) => s.name)).toEqual(['lexicon', 'openai-moderation']);
    expect(await safety.check(`nude ${MINOR_MARKER}`)).toMatchObject({
      outcome: 'refused',
      rule: 'openai-moderation:sexual/minors',
    });
    expect(createPromptSafety(testConfig()).stages.map((s) => s.name)).toEqual(['lexicon']);

    // Fail-closed by configuration.
    fake.mode = 'server-error';
    const closed = createPromptSafety(
      testConfig({
        SAFETY_CLASSIFIER: 'openai-moderation',
        SAFETY_CLASSIFIER_URL: fake.url,
        SAFETY_CLASSIFIER_API_KEY: API_KEY,
        SAFETY_CLASSIFIER_FAIL_CLOSED: 'true',
      }),
    );
    await expect(closed.check(ADULT_PROMPT)).rejects.toBeInstanceOf(SafetyUnavailableError);
  });
});
