import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ensureWebBuild, REPO_ROOT, startBuiltServer, type RunningServer } from './lib/server';
import { median, percentile } from './lib/stats';

/**
 * Voice against the provider simulator, in the built app with Chromium's fake microphone (the
 * committed fixtures/audio WAV). Two numbers, from the app's own User Timing marks:
 * - end of speech to text in the box: from the stop (the second press) to the words handed to the
 *   message box: MediaRecorder's last chunk, the upload, the transcription and the box (OpenAI engine).
 *   Ending by silence adds the 1.5 s the app waits for it (decision 0086), not measured here.
 * - answer start to first audio: from Play on an answer to the audio element's first `playing`
 *   (OpenAI speech: the first sentence chunk, decision 0087). The simulator sends the MP3 in four
 *   pieces 400 ms apart (`[[sim:pace 400]]`, about the pace the 1.7 s of speech plays at, as an
 *   engine that makes audio while it speaks), so the number says when playback starts: streamed
 *   through MediaSource (decision 0123), and whole, as in Safari or before streaming, for comparison.
 * Targets: 500 ms and 800 ms against the local simulator (the network and the provider add theirs).
 */
const RUNS = 7;
const TARGET_TEXT_MS = 500;
const TARGET_AUDIO_MS = 800;
const FAKE_MIC = path.join(REPO_ROOT, 'fixtures/audio/question-capital-of-france.wav');
const run = promisify(execFile);

async function createLicense(server: RunningServer): Promise<string> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/license-cli.ts', 'create', '--plan', 'extended'],
    { cwd: REPO_ROOT, env: { ...env, DATA_DIR: server.dataDir } },
  );
  const key = /License key: (PARLEY-[A-Z0-9-]+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`the license CLI printed no key:\n${stdout}`);
  return key;
}

/**
 * Milliseconds between the latest `from` mark and the latest `to` mark. As source text: functions
 * passed to page.evaluate would carry tsx's helpers, which the page does not have.
 */
function between(page: Page, from: string, to: string): Promise<number> {
  const last = (name: string) =>
    `(performance.getEntriesByName(${JSON.stringify(name)}).at(-1)?.startTime ?? NaN)`;
  return page.evaluate(`${last(to)} - ${last(from)}`);
}

async function settings(page: Page, fill: (page: Page) => Promise<void>) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Voice' }).click();
  await dialog.getByRole('button', { name: 'Save' }).waitFor();
  await fill(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

export default async function voiceBench(): Promise<BenchResult[]> {
  await ensureWebBuild();
  let sim: ProviderSim | undefined;
  const server = await startBuiltServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${FAKE_MIC}`,
    ],
  });
  try {
    sim = await startProviderSim({ port: 0 });
    const licenseKey = await createLicense(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((endpoint) => {
      if (localStorage.getItem('TM_keyVault') === null) {
        localStorage.setItem(
          'TM_keyVault',
          JSON.stringify({
            version: 1,
            endpoints: { openai: endpoint },
            plainKeys: { openai: 'sk-bench-voice' },
          }),
        );
      }
    }, `${sim.url}/v1`);
    await page.goto(server.url);
    const composer = page.getByRole('main').getByRole('textbox', { name: 'Message' });
    await composer.waitFor();

    // An Extended license for reading aloud, then the OpenAI engines both ways.
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'License' }).click();
    await dialog.getByLabel('License key', { exact: true }).fill(licenseKey);
    await dialog.getByLabel('Device name', { exact: true }).fill('Bench');
    await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await dialog.getByRole('heading', { name: 'License Manager' }).waitFor();
    await page.keyboard.press('Escape');
    await settings(page, async (p) => {
      const section = p.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel');
      await section.getByLabel('Speech to text').selectOption('openai');
      await section.getByLabel('Voice', { exact: true }).selectOption('openai');
      await section.getByLabel('Speech model').selectOption('gpt-4o-mini-tts');
      // The simulator reads its directives from the instructions: audio arriving as it is made.
      await section.getByLabel('How to speak').fill('[[sim:pace 400]]');
    });

    const mic = page
      .getByRole('main')
      .getByRole('button', { name: /^(Speak your message|Stop and transcribe)$/ });
    const toText: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      await composer.fill('');
      await mic.click();
      // Stop while the fake microphone is speaking: the turn ends by the press, not by silence.
      await page.waitForFunction(
        () => Number(document.querySelector('[role="meter"]')?.getAttribute('aria-valuenow') ?? 0) > 5,
        null,
        { polling: 20 },
      );
      await mic.click();
      await page.waitForFunction(() => {
        const box = document.querySelector<HTMLTextAreaElement>('main textarea');
        return (box?.value ?? '') !== '';
      });
      toText.push(await between(page, 'parley:voice-stopped', 'parley:voice-text'));
    }

    await composer.fill(
      'Capital? [[sim:reply Paris is the capital of France. It has been for a very long time.]]',
    );
    await composer.press('Enter');
    const answer = page.getByRole('main').getByRole('article', { name: 'Assistant' }).last();
    await answer.getByText('a very long time').waitFor();
    const firstAudio = async (delivery: 'streamed' | 'whole'): Promise<number[]> => {
      const times: number[] = [];
      for (let index = 0; index < RUNS; index++) {
        await answer.hover();
        await answer.getByRole('button', { name: 'Play', exact: true }).click();
        await page.waitForFunction(
          () => performance.getEntriesByName('parley:speech-first-audio').length > 0,
        );
        times.push(await between(page, 'parley:speech-start', 'parley:speech-first-audio'));
        const used = await page.evaluate(
          () => document.querySelector<HTMLElement>('audio[data-speech-audio]')?.dataset.speechDelivery,
        );
        if (used !== delivery)
          throw new Error(`expected ${delivery} audio, the app played it ${String(used)}`);
        await answer.getByRole('button', { name: 'Stop', exact: true }).click();
        await page.evaluate(() => performance.clearMarks('parley:speech-first-audio'));
      }
      return times;
    };
    const toAudio = await firstAudio('streamed');
    // The same with MediaSource refusing MP3, as Safari does: the whole chunk before it plays.
    await page.evaluate(() => {
      MediaSource.isTypeSupported = () => false;
    });
    const toAudioWhole = await firstAudio('whole');

    return [
      {
        measure: 'end of speech to text in the box (p50)',
        value: Math.round(median(toText)),
        unit: 'ms',
        target: TARGET_TEXT_MS,
        note: `${RUNS} turns, OpenAI engine against the simulator; p90 ${Math.round(percentile(toText, 90))} ms; ending by silence adds 1.5 s`,
      },
      {
        measure: 'answer start to first audio, streamed (p50)',
        value: Math.round(median(toAudio)),
        unit: 'ms',
        target: TARGET_AUDIO_MS,
        note: `${RUNS} Plays, OpenAI speech, first sentence chunk played while it downloads (MediaSource); p90 ${Math.round(percentile(toAudio, 90))} ms`,
      },
      {
        measure: 'answer start to first audio, whole chunk (p50)',
        value: Math.round(median(toAudioWhole)),
        unit: 'ms',
        target: TARGET_AUDIO_MS,
        note: `${RUNS} Plays, the same without MediaSource for MP3 (Safari, and before decision 0123); p90 ${Math.round(percentile(toAudioWhole, 90))} ms`,
      },
    ];
  } finally {
    await browser.close();
    await sim?.close();
    await server.stop();
  }
}
