import { expect, type Locator, type Page } from '@playwright/test';

/** The Keyboard Shortcuts popup ("?" outside text fields) and the same editor in Settings. */
export class KeyboardShortcutsDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** Leaves any text field (the composer takes focus on load), then types "?". */
  async openWithQuestionMark() {
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await this.page.keyboard.press('Shift+Slash');
    await expect(this.dialog).toBeVisible();
  }

  chordButton(action: string, scope: Locator = this.dialog): Locator {
    return scope.getByRole('button', { name: `Change shortcut for ${action}` });
  }

  resetButton(action: string, scope: Locator = this.dialog): Locator {
    return scope.getByRole('button', { name: `Reset ${action} to default` });
  }

  /** Clicks the action's chord, then presses `keys` (Playwright notation, e.g. "Control+m"). */
  async record(action: string, keys: string, scope: Locator = this.dialog) {
    await this.chordButton(action, scope).click();
    await expect(this.chordButton(action, scope)).toHaveText('Press keys…');
    await this.page.keyboard.press(keys);
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
