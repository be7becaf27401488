// A Web Storage stand-in for unit tests (they run in Node, without a browser).

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** A storage whose every call throws, like a disabled or full storage. */
export class ThrowingStorage implements Storage {
  constructor(private readonly error: Error = new DOMException('The quota has been exceeded.', 'QuotaExceededError')) {}

  get length(): number {
    throw this.error;
  }

  clear(): void {
    throw this.error;
  }

  getItem(): string | null {
    throw this.error;
  }

  key(): string | null {
    throw this.error;
  }

  removeItem(): void {
    throw this.error;
  }

  setItem(): void {
    throw this.error;
  }
}
