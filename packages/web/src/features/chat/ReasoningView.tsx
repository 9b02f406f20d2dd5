import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../ui/icons/sidebar';
import { cn } from '../../ui/cn';

/**
 * The reasoning a model showed before answering (AN4). Open while the model is still thinking, so
 * a long think does not look like a hang; folded once the answer starts, one click away.
 */
export function ReasoningView({ text, thinking }: { text: string; thinking: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const open = thinking || opened;
  return (
    <div className="mb-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={thinking}
        onClick={() => setOpened((value) => !value)}
        className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-[13px] text-fg-muted hover:bg-hover disabled:hover:bg-transparent"
      >
        <ChevronRightIcon size={14} className={cn('transition-transform', open && 'rotate-90')} />
        {thinking ? (
          <span className="animate-pulse">{t('chat.reasoning.thinking')}</span>
        ) : (
          t('chat.reasoning.label')
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('chat.reasoning.label')}
          className="mt-1 max-h-80 overflow-y-auto border-l-2 border-line pl-3 text-[13px] leading-relaxed whitespace-pre-wrap text-fg-muted"
        >
          {text}
        </div>
      )}
    </div>
  );
}
