import path from 'node:path';
import { test as base } from '@playwright/test';
import { REPO_ROOT } from '../support/env';

/** What the fake microphone says (fixtures/audio), and what the simulator transcribes any recording to. */
export const SPOKEN_SENTENCE = 'What is the capital of France?';
const FAKE_MIC_WAV = path.join(REPO_ROOT, 'fixtures/audio/question-capital-of-france.wav');

/**
 * Chromium with a fake microphone that plays the committed WAV in a loop, added to the config's
 * launch arguments. `micPrompt: 'accept'` adds the fake permission prompt that says yes; with
 * 'refuse' (set at the top of a file: it needs a browser of its own) the microphone is refused.
 */
export const test = base.extend<object, { micPrompt: 'accept' | 'refuse' }>({
  micPrompt: ['accept', { scope: 'worker', option: true }],
  launchOptions: [
    async ({ launchOptions, micPrompt }, use) => {
      const fake = [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}`,
      ];
      if (micPrompt === 'accept') fake.push('--use-fake-ui-for-media-stream');
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fake] });
    },
    { scope: 'worker' },
  ],
});
