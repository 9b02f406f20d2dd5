import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { useFeatureAccess } from '../license';
import { retryingImport, useKeyVaultStore, usePlatformServices } from '../../state';
import { readsAnswersAloud } from './auto-read-choice';
import { loadVoiceSettings } from './voice-settings-store';

export const AUTO_READ_OWNER = 'auto-read';

/**
 * What the chat calls when an answer is complete: reads it aloud when the chat says so, or, when it
 * has no choice of its own (null), when "read answers aloud" is on in Voice settings (decision 0122),
 * and the license allows text to speech. The reading code loads only then.
 */
export function useReadAnswerAloud(): (
  messageId: string,
  markdown: string,
  chatChoice: boolean | null,
) => void {
  const { t } = useTranslation();
  const access = useFeatureAccess('textToSpeech');
  const { store, fetch } = usePlatformServices();
  const vault = useKeyVaultStore();
  return useCallback(
    (messageId, markdown, chatChoice) => {
      if (!access.allowed || markdown.trim() === '') return;
      void (async () => {
        const settings = await loadVoiceSettings(store);
        if (!readsAnswersAloud(chatChoice, settings.autoSpeech)) return;
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
