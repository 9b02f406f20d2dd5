import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { FixtureFile } from './document-fixtures';
import { createLicenseKey } from './license-server-admin';
import { LicenseSection } from './license-section';

/** The message box's attachments: the attach button, the tray and its chips and messages. */
export class AttachFiles {
  readonly main: Locator;
  readonly attachButton: Locator;
  readonly tray: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.attachButton = this.main.getByRole('button', { name: 'Attach files' });
    this.tray = this.main.getByRole('group', { name: 'Attached files' });
  }

  /** Picks files with the attach button's file chooser. */
  async choose(files: readonly FixtureFile[]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.attachButton.click();
    await (await chooser).setFiles([...files]);
  }

  /** Drops files made in the page onto the chat (as a desktop drag would). */
  async drop(
    files: readonly { name: string; type: string; base64?: string; size?: number; text?: string }[],
  ) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const body = file.base64
          ? Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
          : file.text !== undefined
            ? file.text
            : new ArrayBuffer(file.size ?? 0);
        transfer.items.add(new File([body], file.name, { type: file.type }));
      }
      return transfer;
    }, files);
    // Onto the messages (or the start screen): anywhere over the chat takes files.
    const target = this.main.locator('div').first();
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  /** Pastes an image into the message box, as copying a screenshot and pressing Ctrl+V would. */
  async paste(box: Locator, file: FixtureFile) {
    await box.evaluate(
      (element, { name, type, base64 }) => {
        const transfer = new DataTransfer();
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type }));
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
    );
  }

  chip(name: string): Locator {
    return this.tray.getByRole('button', { name: `Open ${name}`, exact: true });
  }
}

/**
 * Activates a license and closes Settings: Premium by default (documents need a license, pictures for
 * the model the Premium plan's vision).
 */
export async function activateLicense(
  page: Page,
  request: APIRequestContext,
  plan: 'standard' | 'premium' = 'premium',
) {
  const key = await createLicenseKey(request, { plan });
  const license = new LicenseSection(page);
  await license.open();
  await license.activate(key, 'Documents laptop');
  await expect(license.managerHeading).toBeVisible();
  await license.settings.close();
}
