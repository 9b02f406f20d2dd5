import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { useFeatureAccess } from '../license';
import { retryingImport, useKeyVaultStore, usePlatformServices } from '../../state';
import { loadVoiceSettings } from './voice-settings-store';

export const AUTO_READ_OWNER = 'auto-read';

/**
 * What the chat calls when an answer is complete: reads it aloud when "read answers aloud" is on
 * (Voice settings) and the license allows text to speech. The reading code loads only then.
 */
export function useReadAnswerAloud(): (messageId: string, markdown: string) => void {
  const { t } = useTranslation();
  const access = useFeatureAccess('textToSpeech');
  const { store, fetch } = usePlatformServices();
  const vault = useKeyVaultStore();
  return useCallback(
    (messageId, markdown) => {
      if (!access.allowed || markdown.trim() === '') return;
      void (async () => {
        const settings = await loadVoiceSettings(store);
        if (!settings.autoSpeech) return;
        const { readAloud } = await retryingImport(() => import('./read-aloud'));
        await readAloud({
          owner: AUTO_READ_OWNER,
          messageId,
          markdown,
          store,
          vault: vault.getState,
          fetch,
          t,
        });
      })().catch((error: unknown) => console.error('reading the answer aloud failed', error));
    },
    [access.allowed, store, fetch, vault, t],
  );
}
