import type { StoragePort } from '@parley/core/storage';
import type { KeyVaultState } from '../../state';
import { stopSpeaking } from './speech-store';
import { startVoiceInput } from './voice-input-session';
import { inputEngineOf, loadVoiceSettings, useVoiceSettingsStore } from './voice-settings-store';

export { VoiceInputPanel } from './VoiceInputPanel';

export type DictationDeps = {
  store: StoragePort;
  vault: () => Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;
  fetch: typeof fetch;
  appLanguage: string;
  useOpenAIWhisper: boolean;
  onText: (text: string, sendNow: boolean) => void;
};

/** The microphone's first press: reads the voice settings, then starts a turn with their engine. */
export async function startDictation(deps: DictationDeps): Promise<void> {
  // Whatever is being read aloud stops: the microphone would hear it, and the user wants to speak.
  stopSpeaking();
  const settings = await loadVoiceSettings(deps.store);
  await startVoiceInput({
    engine: inputEngineOf(settings, deps.useOpenAIWhisper),
    settings,
    vault: deps.vault(),
    fetch: deps.fetch,
    appLanguage: deps.appLanguage,
    // Auto-send is read when the words arrive, so a change made meanwhile counts.
    onText: (words) => deps.onText(words, useVoiceSettingsStore.getState().settings.autoSend),
  });
}
