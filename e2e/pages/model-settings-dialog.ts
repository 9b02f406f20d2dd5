import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The open chat's Model settings (the sliders button next to the model picker): each numeric setting is a
 * slider with its number beside it, both named by the setting; the Reasoning section holds what the
 * chat's model takes (effort or thinking level, thinking budget, verbosity).
 */
export class ModelSettingsDialog {
  readonly dialog: Locator;
  readonly reasoning: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Model settings' });
    this.reasoning = this.dialog.getByRole('region', { name: 'Reasoning' });
  }

  async open() {
    await this.page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
    await expect(this.dialog).toBeVisible();
  }

  slider(name: string): Locator {
    return this.dialog.getByRole('slider', { name, exact: true });
  }

  number(name: string): Locator {
    return this.dialog.getByRole('textbox', { name, exact: true });
  }

  select(name: string): Locator {
    return this.dialog.getByRole('combobox', { name, exact: true });
  }

  /** Types a number and leaves the field, which saves it. */
  async setNumber(name: string, value: string) {
    await this.number(name).fill(value);
    await this.number(name).press('Tab');
  }

  /** Moves a slider with the keyboard, as its native control does (arrows, Page Up/Down, Home/End). */
  async pressOnSlider(name: string, ...keys: string[]) {
    await this.slider(name).focus();
    for (const key of keys) await this.slider(name).press(key);
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
