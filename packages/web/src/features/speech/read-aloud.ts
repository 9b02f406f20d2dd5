import type { StoragePort } from '@parley/core/storage';
import type { TFunction } from 'i18next';
import { speechTextFromMarkdown } from '@parley/core/voice';
import { retryingImport, withStrings, type KeyVaultState } from '../../state';
import { notify } from '../toasts';
import { stopSpeaking, useSpeakingOwner } from './speech-store';
import { loadVoiceSettings } from './voice-settings-store';

// The engines' code (fetching, chunking, the audio element) and its messages come on the first Play.
const loadPlayer = () => withStrings('voice', () => retryingImport(() => import('./speech-player')));

export type ReadAloudOptions = {
  /** Who asked (a Play button's id, 'auto-read', 'preview'): its Stop stops only its own reading. */
  owner: string;
  messageId?: string | undefined;
  markdown: string;
  store: StoragePort;
  vault: () => Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;
  fetch: typeof fetch;
  t: TFunction;
  onFirstAudio?: () => void;
  /** The reading ended by itself (`ended`) or failed (`failed`); not called when it is stopped. */
  onDone?: (how: 'ended' | 'failed') => void;
};

/** User Timing marks (bench/voice.ts): a reading asked for, and its first sound. */
export const SPEECH_MARKS = {
  start: 'parley:speech-start',
  firstAudio: 'parley:speech-first-audio',
} as const;

/** Reads `markdown` aloud with the engine of the voice settings, stopping any other reading first. */
export async function readAloud(options: ReadAloudOptions): Promise<void> {
  stopSpeaking();
  performance.mark(SPEECH_MARKS.start);
  const { owner, t } = options;
  useSpeakingOwner.setState({ owner, messageId: options.messageId, paused: false, control: undefined });
  const [settings, player] = await Promise.all([loadVoiceSettings(options.store), loadPlayer()]);
  if (useSpeakingOwner.getState().owner !== owner) return; // stopped while loading
  const text = speechTextFromMarkdown(options.markdown, { codeBlock: t('speech.codeBlock') });
  const control = player.speakText(text, {
    engine: settings.outputEngine,
    settings,
    vault: options.vault(),
    fetch: options.fetch,
    onEnd: () => {
      stopSpeaking(owner);
      options.onDone?.('ended');
    },
    onError: (failure) => {
      stopSpeaking(owner);
      notify.error(player.failureText(t, failure));
      options.onDone?.('failed');
    },
    onFirstAudio: () => {
      performance.mark(SPEECH_MARKS.firstAudio);
      options.onFirstAudio?.();
    },
  });
  if (useSpeakingOwner.getState().owner === owner) useSpeakingOwner.setState({ control });
  else control.stop();
}

export function pauseSpeaking(): void {
  const state = useSpeakingOwner.getState();
  if (!state.control || state.paused) return;
  state.control.pause();
  useSpeakingOwner.setState({ paused: true });
}

export function resumeSpeaking(): void {
  const state = useSpeakingOwner.getState();
  if (!state.control || !state.paused) return;
  state.control.resume();
  useSpeakingOwner.setState({ paused: false });
}
