import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatCryptoAmount,
  formatLikeCount,
  formatStrength,
  generateRunId,
  imageIdFor,
  imageIdsFor,
  parseImageId,
} from './format.ts';
import { ZImageId, ZRunId } from './common.ts';

const RUN_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('formatBalance', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0K'],
    [1049, '1.0K'],
    [1050, '1.0K'],
    [1500, '1.5K'],
    [1999, '1.9K'],
    [12_345, '12.3K'],
    [160_000, '160.0K'],
    [2_500_000, '2500.0K'],
  ])('%d -> %s', (n, expected) => {
    expect(formatBalance(n)).toBe(expected);
  });

  it('shows bad input as 0 and drops fractions', () => {
    expect(formatBalance(-5)).toBe('0');
    expect(formatBalance(Number.NaN)).toBe('0');
    expect(formatBalance(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatBalance(999.9)).toBe('999');
  });
});

describe('formatLikeCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1000'],
    [1001, '1.0K'],
    [1500, '1.5K'],
    [999_999, '999.9K'],
    [1_000_000, '1000.0K'],
    [1_000_001, '1.0M'],
    [2_750_000, '2.7M'],
    [12_345_678, '12.3M'],
  ])('%d -> %s', (n, expected) => {
    expect(formatLikeCount(n)).toBe(expected);
  });

  it('shows bad input as 0', () => {
    expect(formatLikeCount(-1)).toBe('0');
    expect(formatLikeCount(Number.NaN)).toBe('0');
  });
});

describe('formatStrength', () => {
  it.each([
    [0, '0.0'],
    [0.5, '0.5'],
    [0.1 + 0.2, '0.3'],
    [1, '1.0'],
  ])('%d -> %s', (n, expected) => {
    expect(formatStrength(n)).toBe(expected);
  });
});

describe('formatCryptoAmount', () => {
  it('multiplies the US$ price by the rate to 8 decimals', () => {
    expect(formatCryptoAmount(96, 0.0000105)).toBe('0.00100800');
    expect(formatCryptoAmount(17, 2.5)).toBe('42.50000000');
  });
});

describe('generateRunId', () => {
  it('makes 32 letters and digits that ZRunId accepts', () => {
    for (let i = 0; i < 50; i++) {
      const id = generateRunId();
      expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(ZRunId.safeParse(id).success).toBe(true);
    }
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateRunId()));
    expect(ids.size).toBe(200);
  });

  it('uses the random source it is given', () => {
    const zeros = (bytes: Uint8Array) => bytes.fill(0);
    expect(generateRunId(zeros)).toBe('A'.repeat(32));
    const sixtyOnes = (bytes: Uint8Array) => bytes.fill(61);
    expect(generateRunId(sixtyOnes)).toBe('9'.repeat(32));
  });

  it('skips bytes that would bias the alphabet', () => {
    let call = 0;
    // First fill: only rejected bytes (248..255); second fill: byte 62 -> index 0 -> 'A'.
    const source = (bytes: Uint8Array) => bytes.fill(call++ === 0 ? 250 : 62);
    expect(generateRunId(source)).toBe('A'.repeat(32));
    expect(call).toBe(2);
  });
});

describe('imageIdFor', () => {
  it('appends a 3-digit serial', () => {
    expect(imageIdFor(RUN_ID, 1)).toBe(`${RUN_ID}001`);
    expect(imageIdFor(RUN_ID, 4)).toBe(`${RUN_ID}004`);
    expect(ZImageId.safeParse(imageIdFor(RUN_ID, 3)).success).toBe(true);
  });

  it('refuses serials outside 1..4 and bad run ids', () => {
    expect(() => imageIdFor(RUN_ID, 0)).toThrow(RangeError);
    expect(() => imageIdFor(RUN_ID, 5)).toThrow(RangeError);
    expect(() => imageIdFor(RUN_ID, 1.5)).toThrow(RangeError);
    expect(() => imageIdFor('short', 1)).toThrow(/run_id/);
  });

  it('lists the ids of a run in serial order', () => {
    expect(imageIdsFor(RUN_ID, 3)).toEqual([`${RUN_ID}001`, `${RUN_ID}002`, `${RUN_ID}003`]);
  });
});

describe('parseImageId', () => {
  it('splits a valid id and rejects anything else', () => {
    expect(parseImageId(`${RUN_ID}002`)).toEqual({ runId: RUN_ID, serial: 2 });
    expect(parseImageId(`${RUN_ID}005`)).toBeNull();
    expect(parseImageId(RUN_ID)).toBeNull();
  });
});
