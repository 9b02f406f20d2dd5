import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { StopIcon } from '../../ui/icons/chat';
import { MicIcon } from '../../ui/icons/message';
import { Tooltip } from '../../ui/Tooltip';
import { useFeatureFlags } from '../license';
import { useShortcut } from '../shortcuts';
import { lazyPart, retryingImport, useKeyVaultStore, usePlatformServices } from '../../state';
import { useVoiceInput } from './voice-input-store';

// Recording, level metering, transcription and the status panel are a chunk of their own, fetched
// on the first press: most sessions never dictate. (The voice strings came with this module.)
const loadDictation = () => retryingImport(() => import('./voice-input-start'));
const VoiceInputPanel = lazyPart(() => import('./voice-input-start'), {
  pick: (module) => module.VoiceInputPanel,
});

/**
 * The composer's microphone: press to talk, press again (or pause ~1.5 s) to stop; the words go to
 * `onText`, with whether to send them at once (Voice settings). Shown while the deployment's
 * voiceInput flag is on. Its state shows in a small panel above the button.
 */
export function VoiceInputButton({ onText }: { onText: (text: string, sendNow: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const allowed = useFeatureFlags((store) => store.flags.voiceInput);
  const useOpenAIWhisper = useFeatureFlags((store) => store.flags.useOpenAIWhisper);
  const vault = useKeyVaultStore();
  const { store, fetch } = usePlatformServices();
  const phase = useVoiceInput((state) => state.phase);

  const listening = phase === 'listening';
  const busy = phase === 'starting' || phase === 'transcribing';
  const onClick = () => {
    if (listening) return useVoiceInput.getState().stop?.();
    if (busy) return;
    loadDictation()
      .then((dictation) =>
        dictation.startDictation({
          store,
          vault: vault.getState,
          fetch,
          appLanguage: i18n.language,
          useOpenAIWhisper,
          onText,
        }),
      )
      .catch((error: unknown) => {
        console.error('voice input failed', error);
        useVoiceInput.setState({
          phase: 'error',
          problem: { kind: 'voice', code: 'network', detail: String(error) },
        });
      });
  };
  // Ctrl/Cmd+Shift+L presses the button (the shortcuts table; rebindable in Settings).
  useShortcut('voiceInput', onClick, allowed);
  if (!allowed) return null;
  const label = listening ? t('voice.input.stop') : t('voice.input.start');

  // On phones the panel hangs from the message box, not from the button, so it stays on screen.
  return (
    <span className="relative inline-flex max-sm:static">
      <Tooltip content={label} side="top" decorative>
        <button
          type="button"
          aria-label={label}
          aria-pressed={listening}
          disabled={busy}
          onClick={onClick}
          className={cn(
            'relative inline-flex size-9 shrink-0 items-center justify-center rounded-xl transition-colors',
            listening ? 'bg-danger text-danger-fg' : 'text-fg-muted hover:bg-hover',
            busy && 'cursor-wait opacity-70',
          )}
        >
          {listening ? <StopIcon size={16} /> : <MicIcon size={18} />}
        </button>
      </Tooltip>
      {phase !== 'idle' && <VoiceInputPanel />}
    </span>
  );
}
