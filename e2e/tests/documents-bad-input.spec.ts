import { expect, test } from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { encryptedPdfFile, scannedPdfFile, textFile, xlsxFile } from '../pages/document-fixtures';

test.describe('Documents that cannot be read', () => {
  test('each bad file gets its own message, the app stays usable and nothing stored is lost', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process
    const chat = new ChatPage(page);
    const files = new AttachFiles(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await activateLicense(page, request);
    await chat.send('Keep this question');
    await expect(chat.lastAnswer()).toContainText('Echo: Keep this question');

    const zip = await xlsxFile('renamed.docx', { Sheet: [['a']] });
    await files.choose([
      textFile('slides.pptx', 'not accepted'),
      textFile('empty.txt', ''),
      textFile('broken.pdf', '%PDF-1.7\nthis is not really a PDF', 'application/pdf'),
      await encryptedPdfFile('locked.pdf'),
      { ...zip, name: 'renamed.docx' },
      textFile('photo.png', 'plain text pretending to be a picture', 'image/png'),
      await scannedPdfFile('scan.pdf'),
    ]);
    const alerts = files.tray.getByRole('alert');
    await expect(
      alerts.filter({
        hasText:
          "“slides.pptx” can't be added. Accepted types: pdf, docx, csv, md, txt, json, html, jpg, jpeg, png, gif, webp, xlsx.",
      }),
    ).toBeVisible();
    await expect(alerts.filter({ hasText: '“empty.txt” is empty.' })).toBeVisible();
    await expect(
      alerts.filter({ hasText: '“broken.pdf” could not be read: it is damaged or not really a PDF file.' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      alerts.filter({
        hasText: '“locked.pdf” is protected by a password. Remove the password and add it again.',
      }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      alerts.filter({
        hasText: '“renamed.docx” could not be read: it is damaged or not really a Word file.',
      }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      alerts.filter({ hasText: '“photo.png” is not an image this browser can open.' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(alerts.filter({ hasText: '“scan.pdf” has no text layer (a scanned PDF?)' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(files.tray.getByRole('button', { name: /^Open / })).toHaveCount(0);

    // A 200 MB file is refused by its size before it is read; a million-row CSV is cut to its first rows.
    await files.drop([
      { name: 'huge.pdf', type: 'application/pdf', size: 200 * 1024 * 1024 },
      { name: 'rows.csv', type: 'text/csv', text: `id,value\n${'7,seven\n'.repeat(1_000_000)}` },
    ]);
    await expect(
      alerts.filter({ hasText: '“huge.pdf” is 200 MB; files up to 32 MB can be added.' }),
    ).toBeVisible();
    await expect(
      files.tray.getByRole('status').filter({ hasText: 'rows.csv: only the first 100000 rows were added.' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(files.chip('rows.csv')).toBeVisible();

    // Still usable: the box takes text, a refusal can be dismissed, the earlier message is kept.
    await chat.composer.fill('Still typing');
    await expect(chat.composer).toHaveValue('Still typing');
    await alerts
      .filter({ hasText: '“empty.txt” is empty.' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await expect(alerts.filter({ hasText: '“empty.txt” is empty.' })).toHaveCount(0);
    await page.reload();
    await expect(chat.userMessages.first()).toContainText('Keep this question');
  });
});
