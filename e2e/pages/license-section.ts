import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** The spec's exact texts the license screens show. */
export const LICENSE_TEXTS = {
  openAIKeyRefusal:
    'Uh oh! That looks like an OpenAI API Key, not a License Key. Please enter your license key instead.',
  invalidKey: 'Sorry, that license key is invalid.',
  deviceLimit: 'Device limit reached for the license key',
  unlinkAndReenter: 'Unlink another device in the License Manager, then re-enter your license key',
  /** LS11: the spec has no text; the server's follows the device limit's. */
  userLimit: 'User limit reached for the license key',
  unlinkUserAndReenter:
    'Unlink the devices of someone who no longer uses it in the License Manager, then re-enter your license key',
  noLicenseKey:
    "You don't have a license key. Please buy or enter a license key to continue using all features.",
} as const;

/** Settings > License: activation, the License Manager, the plans, and the feature list. */
export class LicenseSection {
  readonly settings: SettingsDialog;
  readonly dialog: Locator;
  readonly keyField: Locator;
  readonly deviceNameField: Locator;
  readonly userNameField: Locator;
  readonly activateButton: Locator;
  readonly keyError: Locator;
  readonly managerHeading: Locator;
  readonly deactivateButton: Locator;
  readonly confirmDialog: Locator;
  readonly noLicenseBanner: Locator;
  readonly seePlansButton: Locator;
  readonly plansHeading: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.dialog = this.settings.dialog;
    this.keyField = this.dialog.getByLabel('License key', { exact: true });
    this.deviceNameField = this.dialog.getByLabel('Device name', { exact: true });
    this.userNameField = this.dialog.getByLabel('Your name or email', { exact: true });
    this.activateButton = this.dialog.getByRole('button', { name: 'Activate', exact: true });
    this.keyError = this.dialog.getByRole('alert');
    this.managerHeading = this.dialog.getByRole('heading', { name: 'License Manager' });
    this.deactivateButton = this.dialog.getByRole('button', { name: 'Deactivate', exact: true });
    this.confirmDialog = page.getByRole('alertdialog');
    this.noLicenseBanner = this.dialog.getByRole('note').filter({ hasText: "You don't have a license key" });
    this.seePlansButton = this.dialog.getByRole('button', { name: 'See plans' });
    this.plansHeading = this.dialog.getByRole('heading', { name: 'Plans', exact: true });
  }

  /** Opens the app and Settings > License. */
  async open() {
    await this.page.goto('/');
    await this.page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(this.dialog).toBeVisible();
    await this.settings.showSection('License');
  }

  /** The state shown in the section header ("Unlicensed", "Extended license"). */
  status(text: string): Locator {
    return this.dialog.getByText(text, { exact: true });
  }

  /** Enters the key and device name, and the user (LS11) when one is given; else leaves it as prefilled. */
  async activate(key: string, deviceName: string, userName?: string) {
    await this.keyField.fill(key);
    await this.deviceNameField.fill(deviceName);
    if (userName !== undefined) await this.userNameField.fill(userName);
    await this.activateButton.click();
  }

  device(name: string): Locator {
    return this.dialog.getByRole('listitem', { name, exact: true });
  }

  /** A feature the plans list that the app does not gate (have) yet: "Fill in content with AI: Coming". */
  comingFeature(name: string): Locator {
    return this.dialog.getByRole('listitem', { name: `${name}: Coming` });
  }

  /** A row of "Features of your license": "Text to speech: Included" or ": Not included". */
  feature(name: string, included: boolean): Locator {
    return this.dialog.getByRole('listitem', { name: `${name}: ${included ? 'Included' : 'Not included'}` });
  }

  async deactivate() {
    await this.deactivateButton.click();
    await expect(this.confirmDialog).toHaveAccessibleName('Deactivate this device?');
    await this.confirmDialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(this.keyField).toBeVisible();
  }
}
