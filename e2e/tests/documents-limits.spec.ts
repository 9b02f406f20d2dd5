import { expect, test } from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';
import { CustomModelsSection } from '../pages/custom-models-section';
import { pngFile, textFile } from '../pages/document-fixtures';
import { openSettings } from '../pages/open-settings';
import { SIM_URL } from '../support/env';

test.describe('Documents and a small model', () => {
  test('a model without vision says so and offers one; a document too large for it is cut to fit on request', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process
    const key = uniqueKey('sk-tiny');
    const chat = new ChatPage(page);
    const files = new AttachFiles(page);
    await activateLicense(page, request);
    // A custom model: no vision, a 2,048-token context.
    await openSettings(page);
    const models = new CustomModelsSection(page);
    await models.open();
    await models.addButton.click();
    await models.fill({
      title: 'Tiny Local',
      modelId: 'tiny',
      endpoint: `${SIM_URL}/v1/chat/completions`,
      contextLength: '2048',
    });
    await models.addHeaderRow('Authorization', `Bearer ${key}`);
    await models.saveButton.click();
    await expect(models.item('Tiny Local')).toBeVisible();
    await models.settings.close();
    await chat.chooseModel('Tiny Local');

    await files.choose([
      pngFile('chart.png', 40, 30),
      textFile('minutes.txt', Array.from({ length: 3000 }, (_, i) => `Point ${i} was discussed.`).join('\n')),
    ]);
    await expect(files.chip('chart.png')).toBeVisible({ timeout: 30_000 });
    await expect(files.chip('minutes.txt')).toBeVisible({ timeout: 30_000 });
    await expect(files.tray.getByText('Tiny Local cannot see images; they will be left out.')).toBeVisible();
    await expect(files.tray.getByRole('button', { name: /^Use / })).toBeVisible();
    const tooLarge = files.tray.getByRole('alert').filter({ hasText: 'is more than Tiny Local can read' });
    await expect(tooLarge).toBeVisible();

    // Sent as it is, the message is refused and everything stays in the box.
    await chat.composer.fill('Summarise the minutes');
    await chat.composer.press('Enter');
    await expect(chat.main.getByText(/too long|does not fit|fit/i).first()).toBeVisible();
    await expect(files.chip('minutes.txt')).toBeVisible();
    await expect(chat.composer).toHaveValue('Summarise the minutes');

    await tooLarge.getByRole('button', { name: 'Cut to fit' }).click();
    await expect(tooLarge).toHaveCount(0);
    await chat.composer.press('Enter');
    await expect(chat.lastAnswer()).toContainText('Echo:');
    const [sent] = await answerRequestsWithKey(key);
    const content = JSON.stringify(openAiMessages(sent).at(-1)?.content);
    expect(content).toContain('Point 0 was discussed.');
    expect(content).not.toContain('Point 2999 was discussed.');
    expect(content).toContain('[… document cut here to fit …]');
    expect(content).toContain('[An image was attached here; this model cannot see images.]');
    expect(content).not.toContain('data:image');
  });
});
