// CRYPTO_DEMO as both crypto capabilities read it (providers/chains/select.ts: the demo keys,
// providers/rates/select.ts: the demo prices): one setting, one reading.
import type { AppConfig } from './env.ts';

/** CRYPTO_DEMO: on by default outside production, refused in production. */
export function cryptoDemoEnabled(config: Pick<AppConfig, 'NODE_ENV' | 'CRYPTO_DEMO'>): boolean {
  const demo = config.CRYPTO_DEMO ?? config.NODE_ENV !== 'production';
  if (demo && config.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  CRYPTO_DEMO: the demo keys and rates are public test vectors; production must set its own keys',
    );
  }
  return demo;
}
