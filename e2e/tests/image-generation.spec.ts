import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage } from '../pages/chat-page';
import { simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { ImportExportSection } from '../pages/import-export-section';
import { PluginsScreen } from '../pages/plugins-screen';
import { ToolSteps } from '../pages/tool-steps';
import { docsScreenshot } from '../support/screenshots';

const call = (prompt: string) => `[[sim:tool generate_image ${JSON.stringify({ prompt })}]]`;

test.describe('Image generation', () => {
  test('switched on in Plugins, generate_image makes a picture that is stored, shown after a reload and exported; a refusal shows the reason', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const tools = new ToolSteps(page);
    const plugins = new PluginsScreen(page);
    await chat.seedKeys({ openai: key });
    await chat.open();

    await plugins.open();
    const builtin = plugins.dialog.getByRole('list', { name: "Parley's tools" });
    const toggle = builtin.getByRole('switch', { name: 'Use Image generation' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await builtin.getByRole('combobox', { name: 'Quality' }).selectOption('high');
    await builtin.getByRole('combobox', { name: 'Background' }).selectOption('transparent');
    await plugins.close();

    await chat.send(`Draw ${call('a red fox in the snow')}`);
    await expect(chat.lastAnswer()).toContainText('Tool result received', { timeout: 20_000 });
    const picture = tools.step('generate_image').getByRole('img', { name: 'a red fox in the snow' });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      64, 64,
    ]);
    // The request the app made: the user's key and the quality chosen in Plugins.
    const sent = (await simRequestsWithKey(key)).find((entry) => entry.path === '/v1/images/generations');
    expect(sent?.body).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox in the snow',
      quality: 'high',
      background: 'transparent',
    });
    await expect(tools.step('generate_image').getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'a-red-fox-in-the-snow.png',
    );

    // A content policy refusal is shown with the provider's reason; the chat goes on.
    await chat.send(`Again ${call('sim:image-refused')}`);
    await expect(chat.lastAnswer()).toContainText("Refused by the provider's content policy", {
      timeout: 20_000,
    });
    await expect(chat.lastAnswer()).toContainText('rejected as a result of our safety system');

    // Stored as an attachment: shown after a reload, and in the export with its bytes.
    await page.reload();
    await expect(picture).toBeVisible({ timeout: 20_000 });

    // Edit this image: the picture goes back with the instruction (OpenAI's edits endpoint), and the
    // new one is the next step's card (decision 0136).
    await picture.locator('xpath=..').getByRole('button', { name: 'Edit this image' }).click();
    const editForm = page.getByRole('form', { name: 'Edit this image' });
    await editForm
      .getByRole('textbox', { name: 'How should the picture change?' })
      .fill('give the fox a red hat');
    await editForm.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('img', { name: 'give the fox a red hat' })).toBeVisible({ timeout: 20_000 });
    const edit = (await simRequestsWithKey(key)).find((entry) => entry.path === '/v1/images/edits');
    expect(edit?.body).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'give the fox a red hat',
      'image[]': { fileName: 'image-1.png', type: 'image/png' },
    });
    // The composer's Create image: the same generation, without a model's tool call.
    await page.getByRole('button', { name: 'Create image' }).click();
    await page.getByRole('textbox', { name: 'Describe the picture' }).fill('a lighthouse at dawn');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('img', { name: 'a lighthouse at dawn' })).toBeVisible({ timeout: 20_000 });
    await docsScreenshot(page, 'image-cards');

    const section = new ImportExportSection(page);
    await section.open();
    const download = await section.exportZip();
    const zip = unzipSync(readFileSync(await download.path()));
    const file = JSON.parse(strFromU8(zip['parley-export.json']!)) as {
      data: { attachments: { id: string; name: string }[] };
    };
    const stored = file.data.attachments.find((item) => item.name === 'a-red-fox-in-the-snow.png');
    expect(stored).toBeDefined();
    // The edited picture and the composer's are the chat's attachments too.
    const names = file.data.attachments.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['give-the-fox-a-red-hat.png', 'a-lighthouse-at-dawn.png']));
    expect(Buffer.from(zip[`attachments/${stored!.id}`]!).subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});
