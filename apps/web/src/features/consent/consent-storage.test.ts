import { describe, expect, it } from 'vitest';
import { MemoryStorage, ThrowingStorage } from '../../testing/memory-storage.ts';
import { CONSENT_KEY, createConsentStorage } from './consent-storage.ts';

/** Local storage that can be read but refuses writes (Safari private mode, full quota). */
class ReadOnlyStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

describe('consent storage fallback chain', () => {
  it('uses the key adult-consent-given', () => {
    expect(CONSENT_KEY).toBe('adult-consent-given');
  });

  it('starts without consent and stores it in local storage when that works', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const consent = createConsentStorage({ local: () => local, session: () => session });

    expect(consent.get()).toBe(false);
    expect(consent.give()).toBe('local');
    expect(local.getItem(CONSENT_KEY)).toBe('true');
    expect(session.getItem(CONSENT_KEY)).toBeNull();
    expect(consent.get()).toBe(true);
  });

  it('remembers consent across instances (a reload) through local storage', () => {
    const local = new MemoryStorage();
    createConsentStorage({ local: () => local, session: () => null }).give();
    expect(createConsentStorage({ local: () => local, session: () => null }).get()).toBe(true);
  });

  it('falls back to session storage when local storage throws on write', () => {
    const local = new ReadOnlyStorage();
    const session = new MemoryStorage();
    const consent = createConsentStorage({ local: () => local, session: () => session });

    expect(consent.give()).toBe('session');
    expect(session.getItem(CONSENT_KEY)).toBe('true');
    expect(consent.get()).toBe(true);
  });

  it('falls back to session storage when even touching local storage throws', () => {
    const session = new MemoryStorage();
    const consent = createConsentStorage({
      local: () => {
        throw new DOMException('Access denied', 'SecurityError');
      },
      session: () => session,
    });

    expect(consent.give()).toBe('session');
    expect(consent.get()).toBe(true);
  });

  it('falls back to memory when both storages throw, and forgets it in a new instance', () => {
    const backends = { local: () => new ThrowingStorage(), session: () => new ThrowingStorage() };
    const consent = createConsentStorage(backends);

    expect(consent.get()).toBe(false);
    expect(consent.give()).toBe('memory');
    expect(consent.get()).toBe(true);
    expect(createConsentStorage(backends).get()).toBe(false);
  });

  it('falls back to memory when no storage exists at all', () => {
    const consent = createConsentStorage({ local: () => undefined, session: () => null });
    expect(consent.give()).toBe('memory');
    expect(consent.get()).toBe(true);
  });

  it('reads consent that only session storage holds', () => {
    const session = new MemoryStorage();
    session.setItem(CONSENT_KEY, 'true');
    const consent = createConsentStorage({ local: () => new MemoryStorage(), session: () => session });
    expect(consent.get()).toBe(true);
  });

  it('does not count other values as consent', () => {
    const local = new MemoryStorage();
    local.setItem(CONSENT_KEY, 'false');
    expect(createConsentStorage({ local: () => local, session: () => null }).get()).toBe(false);
  });

  it('revoke forgets consent everywhere, including memory', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem(CONSENT_KEY, 'true');
    session.setItem(CONSENT_KEY, 'true');
    const consent = createConsentStorage({ local: () => local, session: () => session });
    expect(consent.get()).toBe(true);

    consent.revoke();
    expect(consent.get()).toBe(false);
    expect(local.getItem(CONSENT_KEY)).toBeNull();
    expect(session.getItem(CONSENT_KEY)).toBeNull();

    const memoryOnly = createConsentStorage({
      local: () => new ThrowingStorage(),
      session: () => new ThrowingStorage(),
    });
    memoryOnly.give();
    expect(() => memoryOnly.revoke()).not.toThrow();
    expect(memoryOnly.get()).toBe(false);
  });
});
