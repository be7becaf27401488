import { describe, expect, it } from 'vitest';
import { muteEnd, mutedDetail, readableUtc } from './mute-member.ts';

const config = { SAFETY_MUTE_AFTER_REFUSALS: 3, SAFETY_MUTE_WINDOW_HOURS: 24, SAFETY_MUTE_HOURS: 24 };

describe('mute times', () => {
  it('end SAFETY_MUTE_HOURS later, rounded up to the whole minute the member is told', () => {
    expect(muteEnd(config, new Date('2026-11-23T21:04:30.250Z')).toISOString()).toBe('2026-11-24T21:05:00.000Z');
    expect(muteEnd(config, new Date('2026-11-23T21:05:00.000Z')).toISOString()).toBe('2026-11-24T21:05:00.000Z');
    expect(muteEnd({ ...config, SAFETY_MUTE_HOURS: 0.5 }, new Date('2026-11-23T23:59:59Z')).toISOString()).toBe(
      '2026-11-24T00:30:00.000Z',
    );
  });

  it('read as a UTC date and time', () => {
    expect(readableUtc(new Date('2026-11-24T21:05:00Z'))).toBe('2026-11-24 21:05 UTC');
    expect(mutedDetail(new Date('2026-11-24T21:05:00Z'))).toBe(
      'You cannot generate images until 2026-11-24 21:05 UTC because several of your prompts were refused.',
    );
  });
});
