/**
 * A process-local map whose entries each live `ttlMs` from when they were set, with at most `max` of
 * them. The entries are kept in the order they expire (one TTL; an entry set again moves to the back),
 * so every `set` lets the expired ones at the front go: what the map holds is what was set in the last
 * `ttlMs`, not everything set since it was last emptied. Amortised O(1): a sweep stops at the first
 * entry still in date. Full with entries all in date, it is emptied (a burst of one-off keys).
 */
export interface ExpiringMap<K, V> {
  /** The value, while in date. */
  get(key: K, now?: number): V | undefined;
  set(key: K, value: V, now?: number): void;
  delete(key: K): void;
  clear(): void;
  /** Entries held now, expired ones not yet swept included (tests, diagnostics). */
  readonly size: number;
}

export function createExpiringMap<K, V>(opts: { ttlMs: number; max: number }): ExpiringMap<K, V> {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      return entry && entry.until > now ? entry.value : undefined;
    },
    set(key, value, now = Date.now()) {
      for (const [heldKey, held] of entries) {
        if (held.until > now) break;
        entries.delete(heldKey);
      }
      if (entries.size >= opts.max) entries.clear();
      entries.delete(key);
      entries.set(key, { value, until: now + opts.ttlMs });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
