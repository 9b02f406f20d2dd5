import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { sidebarChat } from '../pages/data-section';
import { ImportExportSection } from '../pages/import-export-section';
import { SidebarPage } from '../pages/sidebar-page';
import { appFiles } from '../support/import-files';
import { keepScreenshot } from '../support/screenshots';

test.describe('Import from other apps', () => {
  test('IM4 IM10 a ChatGPT zip with edits, regenerations, images and citations: preview, import, versions kept, second import adds nothing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const chat = new ChatPage(page);
    const section = new ImportExportSection(page);
    await chat.open();
    await section.open();
    const [chatgpt] = appFiles();
    await section.choose(chatgpt!);
    await expect(section.preview).toContainText('chatgpt-export.zip is a ChatGPT export');
    await expect(section.count('chats')).toHaveText('1');
    await expect(section.count('messages')).toHaveText('5');
    await expect(section.count('chats with branches')).toHaveText('1');
    await expect(section.preview.getByTestId('import-skipped')).toContainText('2 internal tool messages');
    await expect(section.preview.getByTestId('import-skipped')).toContainText(
      '1 image or file whose contents are not in the export',
    );
    // The tree's empty root is not reported as a skipped message.
    await expect(section.preview.getByTestId('import-skipped')).not.toContainText('empty message');
    await keepScreenshot(page, 'import-preview');
    expect(await section.importAndFinish()).toContain('1 added, 0 updated, 0 already here');

    await page.keyboard.press('Escape');
    await sidebarChat(page, 'Soup picture').click();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.userMessages.first()).toContainText('What is in this picture?');
    await expect(chat.userMessages.first()).toContainText('[Image not imported: file-service://file-soup]');
    await expect(chat.lastAnswer()).toContainText('Pumpkin soup');
    await expect(chat.lastAnswer().getByRole('link', { name: 'Soup facts' })).toHaveAttribute(
      'href',
      'https://soup.example/facts',
    );
    await expect(chat.lastAnswer()).not.toContainText('\uE200');
    await expect(chat.versions(chat.userMessages.first())).toHaveAccessibleName('Version 2 of 2');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
    await chat.switchVersion(chat.userMessages.first(), 'Previous version');
    await expect(chat.userMessages.first()).toContainText('What soup is this?');
    await expect(chat.lastAnswer()).toContainText('I cannot see a picture.');

    await section.open();
    await section.choose(chatgpt!);
    await expect(section.count('chats')).toHaveText('1');
    expect(await section.importAndFinish()).toContain('0 added, 0 updated, 1 already here');
    await page.keyboard.press('Escape');
    await expect(sidebarChat(page, 'Soup picture')).toHaveCount(1);
  });

  test('IM1 every listed app: the format is recognised from the content, counts are right, the chat arrives once', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const chat = new ChatPage(page);
    const section = new ImportExportSection(page);
    await chat.open();
    for (const file of appFiles().slice(1)) {
      await section.open();
      await section.choose(file);
      await expect(section.preview, file.app).toContainText(
        `${file.name} is a ${file.app === 'chatbot-ui' ? 'Chatbot UI' : file.app} export`,
      );
      await expect(section.count('chats'), file.app).toHaveText(String(file.chats));
      await expect(section.count('messages'), file.app).toHaveText(String(file.messages));
      expect(await section.importAndFinish(), file.app).toContain(`${file.added ?? file.chats} added`);
      await section.choose(file);
      expect(await section.importAndFinish(), file.app).toContain('0 added, 0 updated');
      await page.keyboard.press('Escape');
      if (file.folder)
        await expect(new SidebarPage(page).folder(file.folder), file.app).toHaveAccessibleName(
          `${file.folder}, 1 chats`,
        );
      else await expect(sidebarChat(page, file.title), file.app).toHaveCount(1);
    }
    await new SidebarPage(page).folder('Travel').click();
    await sidebarChat(page, 'Rome trip').click();
    await expect(chat.lastAnswer()).toContainText('Day 1: the Colosseum');
    await sidebarChat(page, 'Sky colour').click();
    await expect(chat.lastAnswer()).toContainText('Rayleigh scattering.');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
  });
});
