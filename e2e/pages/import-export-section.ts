import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** Settings > Import and export: the import preview and its result, and the export zip. */
export class ImportExportSection {
  readonly dialog: Locator;
  readonly heading: Locator;
  readonly fileInput: Locator;
  readonly preview: Locator;
  readonly counts: Locator;
  readonly confirmButton: Locator;
  readonly result: Locator;
  readonly failure: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.heading = this.dialog.getByRole('heading', { name: 'Import and export', exact: true });
    this.fileInput = this.dialog.getByTestId('import-file-input');
    this.preview = this.dialog.getByRole('region', { name: 'Import preview' });
    this.counts = this.preview.getByTestId('import-counts');
    this.confirmButton = this.preview.getByRole('button', { name: 'Import', exact: true });
    this.result = this.dialog.getByRole('status').filter({ hasText: /^Import (finished|cancelled)/ });
    this.failure = this.dialog.getByRole('alert');
    this.exportButton = this.dialog.getByRole('button', { name: 'Export', exact: true });
  }

  async open() {
    const settings = new SettingsDialog(this.page);
    await this.page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    // The dialog's code loads on first open; a busy machine can take longer than the default wait.
    await expect(settings.dialog).toBeVisible({ timeout: 20_000 });
    await settings.showSection('Import and export');
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }

  async choose(file: { name: string; body: Buffer } | string) {
    await this.fileInput.setInputFiles(
      typeof file === 'string'
        ? file
        : { name: file.name, mimeType: 'application/octet-stream', buffer: file.body },
    );
  }

  /** The preview's number above a label ("chats", "messages", ...). */
  count(label: string): Locator {
    return this.counts
      .locator('div')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('span')
      .first();
  }

  async importAndFinish(): Promise<string> {
    await this.confirmButton.click();
    await expect(this.result).toBeVisible({ timeout: 30_000 });
    return (await this.result.textContent()) ?? '';
  }

  /** Exports and waits for the download and for the panel to name the file it saved. */
  async exportZip(): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.exportButton.click();
    const download = await downloading;
    await expect(
      this.dialog.getByRole('status').filter({ hasText: `Saved ${download.suggestedFilename()}.` }),
    ).toBeVisible();
    return download;
  }
}
