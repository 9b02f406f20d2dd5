import { expect, type Locator, type Page } from '@playwright/test';

/** A knowledge base's panel (Settings → Knowledge, or a project's page). */
export class KnowledgePanel {
  readonly root: Locator;
  readonly documents: Locator;
  readonly failures: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Knowledge base' });
    this.documents = this.root.getByRole('list', { name: 'Documents' });
    this.failures = this.root.getByRole('alert').filter({ has: page.getByRole('listitem') });
    this.progress = this.root.getByRole('status', { name: 'Indexing' });
  }

  /** Picks a folder in the "Add folder" input (every file under it, with their paths). */
  async addFolder(directory: string) {
    await this.root.locator('input[type=file][webkitdirectory]').setInputFiles(directory);
  }

  async addFiles(paths: string[]) {
    await this.root.locator('input[type=file]:not([webkitdirectory])').setInputFiles(paths);
  }

  document(name: string): Locator {
    return this.documents.getByRole('listitem').filter({ hasText: name });
  }

  async waitIndexed(count: number) {
    await expect(this.progress).toHaveCount(0, { timeout: 30_000 });
    await expect(this.documents.getByRole('listitem')).toHaveCount(count);
  }
}
