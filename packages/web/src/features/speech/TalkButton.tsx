import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { SmallIcon, type IconProps } from '../../ui/icons/icon';
import { Tooltip } from '../../ui/Tooltip';
import { useFeatureAccess, useFeatureFlags } from '../license';
import { useKeyVaultStore, usePlatformServices } from '../../state';
import { endTalk, startTalk, useTalkMode } from './talk-mode';

function TalkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4" />
    </SmallIcon>
  );
}

/**
 * Talk mode's switch beside the microphone: on, Parley listens, sends, reads the answer aloud and
 * listens again, hands-free. Needs voice input (flag) and reading aloud (textToSpeech).
 */
export function TalkButton({ send }: { send: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const voiceInput = useFeatureFlags((store) => store.flags.voiceInput);
  const useOpenAIWhisper = useFeatureFlags((store) => store.flags.useOpenAIWhisper);
  const speech = useFeatureAccess('textToSpeech');
  const { store, fetch } = usePlatformServices();
  const vault = useKeyVaultStore();
  const stage = useTalkMode((state) => state.stage);
  // Each turn sends with the composer of that moment (the chat may have been created by turn one).
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  // Leaving the chat screen ends the mode (and frees the microphone).
  useEffect(() => () => endTalk(), []);
  if (!voiceInput || !speech.allowed) return null;

  const on = stage !== 'off';
  const label = on ? t('voice.talk.stop') : t('voice.talk.start');
  const toggle = () =>
    on
      ? endTalk()
      : startTalk({
          store,
          vault: vault.getState,
          fetch,
          t,
          appLanguage: i18n.language,
          useOpenAIWhisper,
          send,
        });
  return (
    <span className="relative inline-flex max-sm:static">
      <Tooltip content={label} side="top" decorative>
        <button
          type="button"
          aria-label={t('voice.talk.start')}
          aria-pressed={on}
          onClick={toggle}
          className={cn(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-xl transition-colors',
            on ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-hover',
          )}
        >
          <TalkIcon size={18} />
        </button>
      </Tooltip>
      {(stage === 'waiting' || stage === 'speaking') && (
        <div
          role="status"
          className="absolute right-0 bottom-full z-30 mb-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-raised px-3 py-2 text-sm text-fg shadow-popover"
        >
          {stage === 'waiting' ? t('voice.talk.waiting') : t('voice.talk.speaking')}
        </div>
      )}
    </span>
  );
}
