import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT, SCREENSHOTS_DIR } from './env';

async function saveScreenshot(page: Page, dir: string, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}

/** Saves a full-window screenshot under e2e/.artifacts/screenshots/<name>.png (git-ignored). */
export function keepScreenshot(page: Page, name: string): Promise<string> {
  return saveScreenshot(page, SCREENSHOTS_DIR, name);
}

/**
 * A picture for the README (docs/screenshots/<name>.png). Ordinary runs write it to the artifacts
 * folder, so tests never change tracked files; `UPDATE_DOCS_SCREENSHOTS=1` refreshes the docs copy.
 */
export function docsScreenshot(page: Page, name: string): Promise<string> {
  const refresh = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
  return saveScreenshot(page, refresh ? path.join(REPO_ROOT, 'docs/screenshots') : SCREENSHOTS_DIR, name);
}
