// Screenshots the browser tests leave for a person to look at (layout checks that a box test cannot
// judge on its own). They go to e2e/artifacts/screenshots/, which git ignores.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** Saves the viewport as `<name>.png` and returns the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Animations finished, so the picture shows the settled layout.
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
