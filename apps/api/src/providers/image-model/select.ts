import type { AppConfig } from '../../config/env.ts';
import { createDemoProvider } from './demo.ts';
import type { ImageModelProvider } from './index.ts';

/** The adapter IMAGE_PROVIDER names; `demo` draws locally when no model endpoint is configured. */
export function createImageModelProvider(config: Pick<AppConfig, 'IMAGE_PROVIDER'>): ImageModelProvider {
  switch (config.IMAGE_PROVIDER) {
    case 'demo':
      return createDemoProvider();
  }
}
