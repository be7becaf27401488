import { describe, expect, it } from 'vitest';
import { isNearDocumentEnd } from './scroll.ts';

describe('isNearDocumentEnd', () => {
  it('is true when the viewport bottom is within 200px of the document end', () => {
    expect(isNearDocumentEnd(0, 800, 1000)).toBe(true);
    expect(isNearDocumentEnd(0, 800, 1001)).toBe(false);
    expect(isNearDocumentEnd(1200, 800, 2200)).toBe(true);
    expect(isNearDocumentEnd(1199, 800, 2200)).toBe(false);
    expect(isNearDocumentEnd(0, 800, 500)).toBe(true);
  });
});
