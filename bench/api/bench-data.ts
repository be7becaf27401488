// What `pnpm bench:seed` writes and `pnpm bench:api` relies on (docs/performance.md).
export const BENCH = {
  /** Synthetic owners and likers: bench-00001@velvet.test ... */
  owners: 20_000,
  /** The member the signed-in targets run as: owns heavyShare of the images, likes ~9% of them. */
  heavyEmail: 'bench-heavy@velvet.test',
  heavyNickname: 'bench_heavy',
  /** Only on benchmark databases: lets a person sign in as the heavy member in the web app. */
  heavyPassword: 'bench-heavy-1',
  heavyShare: 0.1,
  /** Published share of all images (failed ones never are). */
  publishedShare: 0.8,
  /** Share of the other owners' public images the heavy member likes (~90k at 1M images). */
  heavyLikeShare: 0.13,
} as const;
