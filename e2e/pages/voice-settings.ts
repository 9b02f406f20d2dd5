import { expect, type Locator, type Page } from '@playwright/test';
import { openSettings } from './open-settings';

/** Settings → Voice, and the composer's microphone with its status panel. */
export class VoicePage {
  readonly mic: Locator;
  readonly micStatus: Locator;
  readonly micAlert: Locator;
  readonly level: Locator;
  readonly talk: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.mic = main.getByRole('button', { name: /^(Speak your message|Stop and transcribe)$/ });
    this.micStatus = main.getByRole('status').filter({ hasText: /Listening|Transcribing/ });
    this.micAlert = main.getByRole('alert');
    this.level = main.getByRole('meter', { name: 'Microphone level' });
    this.talk = main.getByRole('button', { name: 'Talk mode (hands-free)' });
  }

  /** Opens Settings → Voice, lets `fill` set fields in it, saves and closes Settings. */
  async configure(fill: (section: Locator) => Promise<void>) {
    const settings = await openSettings(this.page);
    await settings.showSection('Voice');
    const section = settings.dialog.getByRole('tabpanel');
    await expect(section.getByRole('button', { name: 'Save' })).toBeVisible();
    await fill(section);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Voice settings saved').last()).toBeVisible();
    await settings.close();
  }

  /** Records every microphone stream the app opens (before the app starts), to check they are released. */
  async trackMicrophones() {
    await this.page.addInitScript(() => {
      const opened: MediaStream[] = [];
      (window as unknown as { __microphones: MediaStream[] }).__microphones = opened;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        opened.push(stream);
        return stream;
      };
    });
  }

  microphonesOpened(): Promise<number> {
    return this.page.evaluate(
      () => (window as unknown as { __microphones: MediaStream[] }).__microphones.length,
    );
  }

  /** Tracks of opened microphones that are still live (the browser's recording indicator is on). */
  openMicrophoneTracks(): Promise<number> {
    return this.page.evaluate(
      () =>
        (window as unknown as { __microphones: MediaStream[] }).__microphones
          .flatMap((stream) => stream.getTracks())
          .filter((track) => track.readyState === 'live').length,
    );
  }

  /** Records each time an audio element starts playing (its source and duration), before the app starts. */
  async trackPlayback() {
    await this.page.addInitScript(() => {
      const played: { src: string; duration: number }[] = [];
      (window as unknown as { __played: typeof played }).__played = played;
      // Media events do not bubble: listen in the capture phase.
      document.addEventListener(
        'playing',
        (event) => {
          const audio = event.target as HTMLAudioElement;
          played.push({ src: audio.currentSrc, duration: audio.duration });
        },
        true,
      );
    });
  }

  playbacks(): Promise<{ src: string; duration: number }[]> {
    return this.page.evaluate(
      () => (window as unknown as { __played: { src: string; duration: number }[] }).__played,
    );
  }

  /** Waits until the level meter shows more than `percent` (sampled every 50 ms: a turn lasts seconds). */
  async levelAbove(percent: number) {
    await this.page.waitForFunction(
      (min) => Number(document.querySelector('[role="meter"]')?.getAttribute('aria-valuenow') ?? 0) > min,
      percent,
      { polling: 50 },
    );
  }

  /** The page's speech <audio> element, as the app plays answers through it. */
  async audioState() {
    return this.page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-speech-audio]');
      return audio
        ? {
            src: audio.getAttribute('src') ?? '',
            paused: audio.paused,
            currentTime: audio.currentTime,
            duration: audio.duration,
          }
        : null;
    });
  }
}
