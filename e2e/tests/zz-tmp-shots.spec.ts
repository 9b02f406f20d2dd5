import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';

for (const [name, size] of [['wide', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`shot ${name} ${scheme}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      const chat = new ChatPage(page);
      await chat.seedKeys({ openai: uniqueKey() });
      await chat.open();
      await chat.send('Capital of France?');
      await expect(chat.lastAnswer()).toContainText('Echo');
      if (name === 'phone') await page.keyboard.press('Escape');
      await chat.chatAction('Regenerate');
      await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
      await chat.messageAction(chat.userMessages.first(), 'Edit');
      await chat.messages.getByRole('textbox', { name: 'Edit message' }).fill('Capital of Italy?');
      await chat.messages.getByRole('button', { name: 'Save & Submit' }).click();
      await expect(chat.lastAnswer()).toContainText('Italy');
      await chat.switchVersion(chat.userMessages.first(), 'Previous version');
      await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `/tmp/branches-${name}-${scheme}.png` });
      await chat.messageAction(chat.userMessages.first(), 'Delete');
      await page.screenshot({ path: `/tmp/branches-delete-${name}-${scheme}.png` });
    });
  }
}
