import { expect, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { LicenseSection } from '../pages/license-section';
import { createLicenseKey } from '../pages/license-server-admin';
import { VoicePage } from '../pages/voice-settings';
import { SPOKEN_SENTENCE as SPOKEN, test } from '../pages/fake-microphone';
import { docsScreenshot } from '../support/screenshots';

async function useOpenAIForInput(voice: VoicePage) {
  await voice.configure(async (section) => {
    await section.getByLabel('Speech to text').selectOption('openai');
    await section.getByLabel('Transcription model').selectOption('gpt-4o-transcribe');
    await section.getByLabel('Whisper prompt').fill('Paris, France');
  });
}

async function startChat(page: Page, key: string) {
  const chat = new ChatPage(page);
  await chat.seedKeys({ openai: key });
  await chat.open();
  return chat;
}

test.describe('Voice', () => {
  test('dictation: the fake microphone is heard, stops on silence, is transcribed through the simulator and sent', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = await startChat(page, key);
    const voice = new VoicePage(page);
    await useOpenAIForInput(voice);

    await voice.mic.click();
    // Listening: the level meter moves with the recorded voice.
    await expect(voice.micStatus).toContainText('Listening');
    await expect(voice.mic).toHaveAttribute('aria-pressed', 'true');
    await voice.levelAbove(5);
    await docsScreenshot(page, 'voice-composer-listening');
    // The pause after the sentence ends the turn by itself.
    await expect(chat.composer).toHaveValue(SPOKEN, { timeout: 15_000 });
    await expect(voice.mic).toHaveAttribute('aria-pressed', 'false');

    const [upload] = (await simRequestsWithKey(key)).filter(
      (request) => request.path === '/v1/audio/transcriptions',
    );
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toMatchObject({
      model: 'gpt-4o-transcribe',
      response_format: 'json',
      prompt: 'Paris, France',
      file: { fileName: 'speech.webm', type: expect.stringMatching(/^audio\/webm/) as unknown },
    });
    expect((upload?.body as { file: { bytes: number } }).file.bytes).toBeGreaterThan(1000);

    await chat.composer.press('Enter');
    await expect(chat.userMessages.last()).toContainText(SPOKEN);
    await expect(chat.lastAnswer()).toBeVisible();
  });

  test('a refused key shows why and keeps what was typed, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const chat = await startChat(page, uniqueKey('sk-invalid'));
    const voice = new VoicePage(page);
    await useOpenAIForInput(voice);
    await chat.composer.fill('Typed before speaking');
    await expect(voice.mic).toBeVisible();
    await chat.composer.press('Control+Shift+L'); // the microphone's shortcut
    await expect(voice.micStatus).toContainText('Listening');
    await voice.mic.click(); // stop by hand
    await expect(voice.micAlert).toContainText(
      'The API key was refused. Check it in Settings. (Incorrect API key provided',
    );
    await expect(chat.composer).toHaveValue('Typed before speaking');
    // The panel stays on the phone's screen (it hangs from the message box there, not the button).
    const box = await voice.micAlert.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await voice.micAlert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(voice.micAlert).toBeHidden();
  });

  test('answers read aloud with OpenAI speech: Play plays the simulator MP3, Stop stops it; auto-read reads the next answer; talk mode does two turns and frees the microphone', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process
    const licenseKey = await createLicenseKey(request, { plan: 'extended' });
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    const voice = new VoicePage(page);
    await voice.trackMicrophones();
    await voice.trackPlayback();
    const license = new LicenseSection(page);
    await license.open();
    await license.activate(licenseKey, 'Voice laptop');
    await expect(license.managerHeading).toBeVisible();
    await license.settings.close();

    await voice.configure(async (section) => {
      await section.getByLabel('Voice', { exact: true }).selectOption('openai');
      await section.getByLabel('Speech model').selectOption('gpt-4o-mini-tts');
      await section.getByLabel('OpenAI voice').selectOption('coral');
      await section.getByLabel('How to speak').fill('Calm and warm');
      await docsScreenshot(page, 'voice-settings');
    });

    await chat.send('Capital? [[sim:reply Paris is the capital of France. It has been for centuries.]]');
    const answer = chat.lastAnswer();
    await expect(answer).toContainText('It has been for centuries.');
    await chat.messageAction(answer, 'Play');
    // The audio element played the simulator's MP3 (1.7 s of speech).
    await expect.poll(async () => (await voice.playbacks()).length).toBeGreaterThan(0);
    const [first] = await voice.playbacks();
    expect(first?.src).toMatch(/^blob:/);
    expect(first?.duration).toBeGreaterThan(1);
    // Played while it downloaded: Chromium takes MP3 in MediaSource (decision 0123).
    await expect(page.locator('audio[data-speech-audio]')).toHaveAttribute(
      'data-speech-delivery',
      'streamed',
    );
    await expect(answer).toHaveAttribute('data-speaking', 'true');
    const speech = (await simRequestsWithKey(key)).filter((request) => request.path === '/v1/audio/speech');
    // Sentence chunks: the first request carries only the first sentence.
    expect(speech[0]?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'coral',
      input: 'Paris is the capital of France.',
      response_format: 'mp3',
      instructions: 'Calm and warm',
    });

    await answer.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(async () => (await voice.audioState())?.paused).toBe(true);
    expect((await voice.audioState())?.src).toBe('');
    await expect(answer).not.toHaveAttribute('data-speaking', 'true');

    // Read aloud automatically: the next answer speaks without a click.
    await voice.configure(async (section) => {
      // The spec's service status, from the reading just heard.
      await expect(section.getByText('text to speech OK')).toBeVisible();
      await section.getByRole('switch', { name: 'Read answers aloud automatically' }).click();
    });
    const before = (await simRequestsWithKey(key)).filter(
      (request) => request.path === '/v1/audio/speech',
    ).length;
    const playedBefore = (await voice.playbacks()).length;
    await chat.send('Again [[sim:reply Yes, Paris.]]');
    await expect(chat.lastAnswer()).toHaveAttribute('data-speaking', 'true');
    await expect
      .poll(
        async () =>
          (await simRequestsWithKey(key)).filter((request) => request.path === '/v1/audio/speech').length,
      )
      .toBeGreaterThan(before);
    await expect.poll(async () => (await voice.playbacks()).length).toBeGreaterThan(playedBefore);

    // Per chat (decision 0122): the toolbar's switch silences this chat over Voice settings, and a second
    // press follows them again. The silenced answer is never asked for; the next one is.
    const chatSwitch = chat.actions.getByRole('button', { name: 'Read answers aloud in this chat' });
    await expect(chatSwitch).toHaveAttribute('aria-pressed', 'true');
    await expect(chatSwitch).toHaveAttribute('data-auto-read', 'default');
    await chatSwitch.click();
    await expect(chatSwitch).toHaveAttribute('aria-pressed', 'false');
    await expect(chatSwitch).toHaveAttribute('data-auto-read', 'chat');
    await chat.send('Quiet [[sim:reply Lyon is quieter.]]');
    await expect(chat.lastAnswer()).toContainText('Lyon is quieter.');
    await expect(chat.lastAnswer()).not.toHaveAttribute('aria-busy', 'true');
    await chatSwitch.click();
    await expect(chatSwitch).toHaveAttribute('data-auto-read', 'default');
    await chat.send('Loud [[sim:reply Marseille is loud.]]');
    const spokenInputs = async () =>
      (await simRequestsWithKey(key))
        .filter((request) => request.path === '/v1/audio/speech')
        .map((request) => (request.body as { input: string }).input);
    await expect.poll(spokenInputs).toContain('Marseille is loud.');
    expect(await spokenInputs()).not.toContain('Lyon is quieter.');

    // Talk mode, hands-free: two turns of listen, send, read aloud (or interrupted by speaking), then off.
    await voice.configure(async (section) => {
      await section.getByLabel('Speech to text').selectOption('openai');
    });
    const spokenBefore = await chat.userMessages.filter({ hasText: SPOKEN }).count();
    await voice.talk.click();
    await expect(voice.talk).toHaveAttribute('aria-pressed', 'true');
    await docsScreenshot(page, 'voice-talk-mode');
    await expect(chat.userMessages.filter({ hasText: SPOKEN })).toHaveCount(spokenBefore + 2, {
      timeout: 20_000,
    });
    await voice.talk.click();
    await expect(voice.talk).toHaveAttribute('aria-pressed', 'false');
    // The microphone is released: every track the app opened has ended.
    await expect.poll(() => voice.openMicrophoneTracks()).toBe(0);
    expect(await voice.microphonesOpened()).toBeGreaterThanOrEqual(2);
  });
});
