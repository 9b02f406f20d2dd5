import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { MicIcon, SmallCloseIcon, StopIcon } from '../../ui/icons/chat';
import { Tooltip } from '../../ui/Tooltip';
import { useFeatureFlags } from '../license';
import { useKeyVaultStore, usePlatformServices } from '../../state';
import { useInputEngine, useVoiceSettings, useVoiceSettingsStore } from './voice-settings-store';
import { useVoiceInput } from './voice-input-store';
import { voiceProblemText } from './voice-error-text';
import { retryingImport } from '../../lib/retrying-import';

// Recording, level metering and transcription are a chunk of their own: most sessions never dictate.
const loadSession = () => retryingImport(() => import('./voice-input-session'));

/**
 * The composer's microphone: press to talk, press again (or pause ~1.5 s) to stop; the words go to
 * `onText`. Shown while the deployment's voiceInput flag is on. Its state (listening with a level
 * meter, transcribing, slow, the problem) shows in a small panel above the button.
 */
export function VoiceInputButton({ onText }: { onText: (text: string, sendNow: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const allowed = useFeatureFlags((store) => store.flags.voiceInput);
  const { settings } = useVoiceSettings();
  const engine = useInputEngine();
  const vault = useKeyVaultStore();
  const { fetch } = usePlatformServices();
  const phase = useVoiceInput((state) => state.phase);
  const level = useVoiceInput((state) => state.level);
  const problem = useVoiceInput((state) => state.problem);
  const slow = useVoiceInput((state) => state.slow);
  if (!allowed) return null;

  const listening = phase === 'listening';
  const busy = phase === 'starting' || phase === 'transcribing';
  const start = async () => {
    const session = await loadSession();
    await session.startVoiceInput({
      engine,
      settings,
      vault: vault.getState(),
      fetch,
      appLanguage: i18n.language,
      // Auto-send is read when the words arrive, so a change made meanwhile counts.
      onText: (words) => onText(words, useVoiceSettingsStore.getState().settings.autoSend),
    });
  };
  const onClick = () => {
    if (listening) return useVoiceInput.getState().stop?.();
    if (busy) return;
    start().catch((error: unknown) => {
      console.error('voice input failed', error);
      useVoiceInput.setState({
        phase: 'error',
        problem: { kind: 'voice', code: 'network', detail: String(error) },
      });
    });
  };
  const label = listening ? t('voice.input.stop') : t('voice.input.start');

  return (
    <span className="relative inline-flex">
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
      {(listening || phase === 'transcribing' || (phase === 'error' && problem)) && (
        <div
          className={cn(
            'absolute right-0 bottom-full z-30 mb-2 flex w-72 max-w-[calc(100vw-2rem)] items-start gap-2 rounded-xl border px-3 py-2 text-sm shadow-popover',
            phase === 'error' ? 'border-danger/40 bg-raised text-fg' : 'border-line bg-raised text-fg',
          )}
          role={phase === 'error' ? 'alert' : 'status'}
          aria-live="polite"
        >
          <div className="min-w-0 flex-1">
            {listening && (
              <>
                <p>{t('voice.input.listening')}</p>
                <div
                  role="meter"
                  aria-label={t('voice.input.level')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(level * 100)}
                  className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-line"
                >
                  <div
                    className="h-full rounded-full bg-accent transition-[width] duration-75"
                    style={{ width: `${Math.max(4, Math.round(level * 100))}%` }}
                  />
                </div>
              </>
            )}
            {phase === 'transcribing' && (
              <p>{slow ? t('voice.input.slow') : t('voice.input.transcribing')}</p>
            )}
            {phase === 'error' && problem && <p>{voiceProblemText(t, problem)}</p>}
          </div>
          {(listening || phase === 'error') && (
            <button
              type="button"
              aria-label={listening ? t('voice.input.cancel') : t('voice.input.dismiss')}
              className="-mr-1 inline-flex size-6 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-hover"
              onClick={() =>
                listening
                  ? useVoiceInput.getState().cancel?.()
                  : useVoiceInput.setState({ phase: 'idle', problem: undefined })
              }
            >
              <SmallCloseIcon size={14} />
            </button>
          )}
        </div>
      )}
    </span>
  );
}
