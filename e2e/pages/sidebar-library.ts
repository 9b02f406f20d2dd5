import { expect, type Page } from '@playwright/test';
import { RawParleyDatabase } from './data-raw-idb';

export interface SeededChat {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  /** Message texts, alternating user / assistant. */
  readonly messages: readonly string[];
}

const HOUR = 3_600_000;

/**
 * A library of `count` chats: "Library chat 001" is the newest (an hour ago), each next one is older
 * (the last ones months old). `extra` chats are added as given (e.g. an old chat with a phrase to find).
 */
export function libraryChats(count: number, now = Date.now()): SeededChat[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0');
    return {
      id: `ch-e2e-${number}`,
      title: `Library chat ${number}`,
      updatedAt: new Date(now - (index + 1) * HOUR * (index < 20 ? 1 : 20)).toISOString(),
      messages: [`Question ${number} about topic ${index % 7}`, `Answer ${number}: some helpful text.`],
    };
  });
}

/**
 * Writes chats straight into the app's IndexedDB (through the raw helper, which waits until the app
 * has created its database), then reloads so the app and its search index read them.
 */
export async function seedLibrary(page: Page, chats: readonly SeededChat[]): Promise<void> {
  await new RawParleyDatabase(page).putChats(
    chats.map((seed) => ({
      id: seed.id,
      title: seed.title,
      updatedAt: seed.updatedAt,
      messages: [...seed.messages],
    })),
  );
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
}
