import { expect } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { test } from '../pages/fake-microphone';
import { VoicePage } from '../pages/voice-settings';

// A browser whose microphone prompt is never answered yes: headless Chromium refuses it.
test.use({ micPrompt: 'refuse' });

test('Voice: a refused microphone says how to allow it, and nothing is recorded', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.seedKeys({ openai: uniqueKey() });
  await chat.open();
  const voice = new VoicePage(page);
  await voice.configure(async (section) => {
    await section.getByLabel('Speech to text').selectOption('openai');
  });
  await voice.mic.click();
  await expect(voice.micAlert).toContainText('Parley may not use the microphone. Allow it from the icon');
  await expect(voice.micStatus).toBeHidden();
  await expect(voice.mic).toHaveAttribute('aria-pressed', 'false');
});
