// The product's URL, provided by e2e/global-setup.ts (provide('baseUrl', url)).
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export function baseUrl(): string {
  const url = inject('baseUrl');
  if (!url) throw new Error("e2e global setup did not provide 'baseUrl'");
  return url;
}
