import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** The main screen: sidebar (navigation), top bar (banner) and chat area (main). */
export class AppShell {
  readonly sidebar: Locator;
  readonly topBar: Locator;
  readonly main: Locator;
  readonly newChatButton: Locator;
  readonly collapseSidebarButton: Locator;
  readonly expandSidebarButton: Locator;
  readonly modelPicker: Locator;
  readonly settingsButton: Locator;
  readonly settings: SettingsDialog;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    this.topBar = page.getByRole('banner');
    this.main = page.getByRole('main');
    this.newChatButton = this.sidebar.getByRole('button', { name: 'New Chat' });
    this.collapseSidebarButton = page.getByRole('button', { name: 'Collapse sidebar' });
    this.expandSidebarButton = page.getByRole('button', { name: 'Expand sidebar' });
    this.modelPicker = this.topBar.getByRole('combobox', { name: 'Model' });
    this.settingsButton = this.topBar.getByRole('button', { name: 'Settings', exact: true });
    this.settings = new SettingsDialog(page);
  }

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.main).toBeVisible();
  }

  async toggleSidebarWithKeyboard() {
    await this.page.keyboard.press('ControlOrMeta+b');
  }

  async expectSidebarOpen() {
    await expect(this.sidebar).toBeVisible();
    await expect(this.collapseSidebarButton).toHaveAttribute('aria-expanded', 'true');
  }

  async expectSidebarCollapsed() {
    await expect(this.sidebar).toBeHidden();
    await expect(this.expandSidebarButton).toHaveAttribute('aria-expanded', 'false');
  }

  async openSettings(): Promise<SettingsDialog> {
    await this.settingsButton.click();
    await expect(this.settings.dialog).toBeVisible();
    return this.settings;
  }

  /** The resolved theme as applied to <html> ('dark' class or not). */
  async appliedTheme(): Promise<'dark' | 'light'> {
    const isDark = await this.page.evaluate(() => document.documentElement.classList.contains('dark'));
    return isDark ? 'dark' : 'light';
  }
}
