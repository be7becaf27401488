import { createHash } from 'node:crypto';

/** A deterministic stream of numbers in [0, 1) from a seed string: same seed, same stream. */
export function randomStream(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest();
  let offset = 0;
  return () => {
    if (offset + 4 > state.length) {
      state = createHash('sha256').update(state).digest();
      offset = 0;
    }
    const value = state.readUInt32BE(offset) / 0x1_0000_0000;
    offset += 4;
    return value;
  };
}
