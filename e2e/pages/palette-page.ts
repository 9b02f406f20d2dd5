import { expect, type Locator, type Page } from '@playwright/test';

/** The command palette (Ctrl/Cmd+K): chat search and commands. */
export class PalettePage {
  readonly dialog: Locator;
  readonly input: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox');
  }

  async open() {
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.input).toBeFocused();
  }

  result(title: string): Locator {
    return this.dialog.getByRole('option').filter({ hasText: title });
  }
}
