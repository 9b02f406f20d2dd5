import { expect, type Locator, type Page } from '@playwright/test';

/** The command palette (Ctrl/Cmd+K): chat search and commands. */
export class PalettePage {
  readonly dialog: Locator;
  readonly input: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox');
  }

  /**
   * Right after a reload a press can come before the palette's shortcut is registered (in an effect
   * of a later commit than the composer's): it is pressed again until the palette shows. A press
   * while the panel is still loading toggles it shut, and the next one opens it again.
   */
  async open() {
    await expect(async () => {
      if (!(await this.dialog.isVisible())) await this.page.keyboard.press('ControlOrMeta+k');
      await expect(this.input).toBeFocused({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }

  result(title: string): Locator {
    return this.dialog.getByRole('option').filter({ hasText: title });
  }
}
