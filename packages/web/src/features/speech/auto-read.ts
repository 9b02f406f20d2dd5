import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { useFeatureAccess } from '../license';
import { useKeyVaultStore, usePlatformServices } from '../../state';
import { readAloud } from './read-aloud';
import { useVoiceSettingsStore } from './voice-settings-store';

export const AUTO_READ_OWNER = 'auto-read';

/**
 * What the chat calls when an answer is complete: reads it aloud when "read answers aloud" is on
 * (Voice settings) and the license allows text to speech. Returns whether it started reading.
 */
export function useReadAnswerAloud(): (messageId: string, markdown: string) => boolean {
  const { t } = useTranslation();
  const access = useFeatureAccess('textToSpeech');
  const { store, fetch } = usePlatformServices();
  const vault = useKeyVaultStore();
  return useCallback(
    (messageId, markdown) => {
      const { settings, loaded } = useVoiceSettingsStore.getState();
      if (!access.allowed || !loaded || !settings.autoSpeech || markdown.trim() === '') return false;
      readAloud({
        owner: AUTO_READ_OWNER,
        messageId,
        markdown,
        store,
        vault: vault.getState,
        fetch,
        t,
      }).catch((error: unknown) => console.error('reading the answer aloud failed', error));
      return true;
    },
    [access.allowed, store, fetch, vault, t],
  );
}
