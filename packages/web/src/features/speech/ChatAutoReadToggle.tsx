import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { SmallIcon, type IconProps } from '../../ui/icons/icon';
import { Tooltip } from '../../ui/Tooltip';
import { useFeatureAccess } from '../license';
import { notify } from '../toasts';
import { nextAutoReadChoice, readsAnswersAloud } from './auto-read-choice';
import { useVoiceSettings } from './voice-settings-store';

function AutoReadIcon({ on, ...props }: IconProps & { on: boolean }) {
  return (
    <SmallIcon {...props}>
      <path d="M11 5 6 9H3v6h3l5 4V5z" />
      {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 6 6M22 9l-6 6" />}
    </SmallIcon>
  );
}

export type ChatAutoReadToggleProps = {
  /** The chat's own choice; null follows Voice settings. */
  choice: boolean | null;
  disabled: boolean;
  /** Stores the choice; a rejection is told here (the toggle's strings are loaded with it). */
  onChoose: (next: boolean | null) => Promise<void>;
};

/**
 * The chat toolbar's "read answers aloud in this chat" switch (decision 0122): pressed when this
 * chat's answers are read aloud; the tooltip says whether that is the chat's own choice or Voice
 * settings'. Hidden without the textToSpeech plan feature.
 */
export function ChatAutoReadToggle({ choice, disabled, onChoose }: ChatAutoReadToggleProps) {
  const { t } = useTranslation();
  const access = useFeatureAccess('textToSpeech');
  const { settings, loaded } = useVoiceSettings();
  if (!access.allowed || !loaded) return null;
  const on = readsAnswersAloud(choice, settings.autoSpeech);
  const state =
    choice === null
      ? t(on ? 'voice.autoRead.onDefault' : 'voice.autoRead.offDefault')
      : t(on ? 'voice.autoRead.onHere' : 'voice.autoRead.offHere');
  return (
    <Tooltip content={`${t('voice.autoRead.label')}: ${state}`} side="top" decorative>
      <button
        type="button"
        aria-label={t('voice.autoRead.label')}
        aria-pressed={on}
        aria-description={state}
        data-auto-read={choice === null ? 'default' : 'chat'}
        disabled={disabled}
        onClick={() =>
          onChoose(nextAutoReadChoice(choice, settings.autoSpeech)).catch(() =>
            notify.error(t('voice.autoRead.saveFailed')),
          )
        }
        className={cn(
          'relative inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium transition-colors disabled:pointer-events-none disabled:opacity-40',
          on
            ? 'bg-accent-soft text-accent-soft-fg hover:opacity-90'
            : 'text-fg-muted hover:bg-hover hover:text-fg',
        )}
      >
        <AutoReadIcon on={on} size={16} />
        {choice !== null && (
          // The chat's own choice, apart from Voice settings: a dot, as on an edited setting.
          <span aria-hidden="true" className="absolute top-1 right-1 size-1.5 rounded-full bg-current" />
        )}
      </button>
    </Tooltip>
  );
}
