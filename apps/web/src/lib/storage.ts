// Safe access to the browser's Web Storage. Reading window.localStorage can itself throw (privacy
// modes, sandboxed frames, storage disabled); every helper here swallows that and reports "nothing".

export type StorageKind = 'local' | 'session';

/** The storage object, or null when it does not exist or may not be touched. */
export function getStorage(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, kind: StorageKind = 'local'): string | null {
  try {
    return getStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, kind: StorageKind = 'local'): boolean {
  try {
    const storage = getStorage(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: string, kind: StorageKind = 'local'): void {
  try {
    getStorage(kind)?.removeItem(key);
  } catch {
    // Nothing to do: the item cannot be there either.
  }
}

/** Parse a stored JSON value; a missing or corrupt value gives null. */
export function readJson<T>(key: string, kind: StorageKind = 'local'): T | null {
  const raw = readItem(key, kind);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: StorageKind = 'local'): boolean {
  return writeItem(key, JSON.stringify(value), kind);
}
