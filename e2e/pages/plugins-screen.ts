import { expect, type Locator, type Page } from '@playwright/test';
import { RawParleyDatabase } from './data-raw-idb';

/** The Plugins screen: the installed list, import, the settings form and the editor. */
export class PluginsScreen {
  readonly dialog: Locator;
  readonly list: Locator;
  readonly importAlert: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Plugins' });
    this.list = this.dialog.getByRole('list', { name: 'Installed plugins' });
    this.importAlert = this.dialog.getByRole('alert');
  }

  async open() {
    await this.page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: 'Plugins' })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }

  row(title: string): Locator {
    return this.list.getByRole('listitem', { name: title, exact: true });
  }

  async showImport(source: 'File' | 'URL' | 'Paste JSON') {
    const panel = this.dialog.getByRole('region', { name: 'Import a plugin' });
    if (!(await panel.isVisible()))
      await this.dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await panel.getByRole('radio', { name: source }).check();
    return panel;
  }

  async importFile(name: string, content: string) {
    const panel = await this.showImport('File');
    await panel.getByLabel('Plugin file').setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(content),
    });
    await this.importSettled(panel);
  }

  async importUrl(url: string) {
    const panel = await this.showImport('URL');
    await panel.getByLabel('Address of the plugin file').fill(url);
    await panel.getByRole('button', { name: 'Import' }).click();
    await this.importSettled(panel);
  }

  async importPasted(json: string) {
    const panel = await this.showImport('Paste JSON');
    await panel.getByLabel('Plugin JSON').fill(json);
    await panel.getByRole('button', { name: 'Import' }).click();
    await this.importSettled(panel);
  }

  /** An import ends with the panel closed (installed) or its message shown (refused). */
  private async importSettled(panel: Locator) {
    const submit = panel.getByRole('button', { name: 'Import' });
    await expect(async () => {
      if (!(await panel.isVisible())) return;
      // The file source has no submit button; the others keep theirs disabled while importing.
      // A short wait only: the panel may close between two reads, and this check is retried.
      const idle = (await submit.count()) === 0 || (await submit.isEnabled({ timeout: 200 }));
      expect(await panel.getByRole('alert').isVisible()).toBe(true);
      expect(idle).toBe(true);
    }).toPass();
  }

  /** The stored plugins (tombstones included), straight from IndexedDB. */
  async storedPlugins(): Promise<Record<string, unknown>[]> {
    return new RawParleyDatabase(this.page).values<Record<string, unknown>>('plugins');
  }
}
