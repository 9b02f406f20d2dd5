import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { SmallCloseIcon } from '../../ui/icons/message';
import { voiceProblemText } from './voice-error-text';
import { useVoiceInput } from './voice-input-store';

/**
 * The microphone's status above the composer's button: listening with a level meter, transcribing
 * (or slow), the problem with its remedy. Loaded with the recording code, on the first press.
 */
export function VoiceInputPanel() {
  const { t } = useTranslation();
  const phase = useVoiceInput((state) => state.phase);
  const level = useVoiceInput((state) => state.level);
  const problem = useVoiceInput((state) => state.problem);
  const slow = useVoiceInput((state) => state.slow);
  const listening = phase === 'listening';
  if (!(listening || phase === 'transcribing' || (phase === 'error' && problem))) return null;
  return (
    <div
      className={cn(
        'absolute right-0 bottom-full z-30 mb-2 flex w-72 max-w-[calc(100vw-2rem)] items-start gap-2 rounded-xl border bg-raised px-3 py-2 text-sm text-fg shadow-popover',
        phase === 'error' ? 'border-danger/40' : 'border-line',
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
        {phase === 'transcribing' && <p>{slow ? t('voice.input.slow') : t('voice.input.transcribing')}</p>}
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
  );
}
