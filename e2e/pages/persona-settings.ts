import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** Settings, Profiles and Memory, and the sidebar's profile switcher. */
export class PersonaSettings {
  readonly switcher: Locator;

  constructor(readonly page: Page) {
    this.switcher = page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: /^Profile: / });
  }

  async openSection(name: 'Profiles' | 'Memory') {
    const settings = new SettingsDialog(this.page);
    await this.page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    // Settings is a lazy chunk: on a busy 2-core runner its first open can take more than 5 s.
    await expect(settings.dialog).toBeVisible({ timeout: 15_000 });
    await settings.showSection(name);
    return settings;
  }

  profileForm(): Locator {
    return this.page.getByRole('form', { name: /profile/i });
  }

  async addProfile(profile: { name: string; picURL?: string; information: string; instruction: string }) {
    await this.page.getByRole('button', { name: 'Add profile' }).click();
    const form = this.page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Profile name').fill(profile.name);
    await form.getByLabel('Picture URL').fill(profile.picURL ?? '');
    await form.getByLabel('About you').fill(profile.information);
    await form.getByLabel('Custom instruction').fill(profile.instruction);
    await form.getByRole('button', { name: 'Save' }).click();
    return form;
  }

  async switchTo(name: string) {
    await this.switcher.click();
    await this.page.getByRole('menuitemradio', { name }).click();
    await expect(this.switcher).toHaveAccessibleName(`Profile: ${name}`);
  }
}
