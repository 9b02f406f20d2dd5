import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../ui/icons/sidebar';
import { cn } from '../../ui/cn';

/** How close to the bottom (px) still counts as following the reasoning as it streams. */
const FOLLOW_SLACK_PX = 24;

/**
 * The reasoning a model showed before answering (AN4). Open while the model is still thinking, so
 * a long think does not look like a hang, and kept scrolled to its newest line unless the user
 * scrolls up; folded once the answer starts. The user can fold or open it at any time.
 */
export function ReasoningView({ text, thinking }: { text: string; thinking: boolean }) {
  const { t } = useTranslation();
  // null: follow the stream (open while thinking); otherwise what the user chose.
  const [chosenOpen, setChosenOpen] = useState<boolean | null>(null);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const open = chosenOpen ?? thinking;

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (panel && thinking && following.current) panel.scrollTop = panel.scrollHeight;
  }, [text, thinking, open]);

  return (
    <div className="mb-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // Reopened: follow the newest line again.
          if (!open) following.current = true;
          setChosenOpen(!open);
        }}
        className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-[13px] text-fg-muted hover:bg-hover"
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
          ref={panelRef}
          id={panelId}
          role="region"
          aria-label={t('chat.reasoning.label')}
          onScroll={(event) => {
            const panel = event.currentTarget;
            following.current = panel.scrollHeight - panel.scrollTop - panel.clientHeight < FOLLOW_SLACK_PX;
          }}
          className="mt-1 max-h-80 overflow-y-auto border-l-2 border-line pl-3 text-[13px] leading-relaxed whitespace-pre-wrap text-fg-muted"
        >
          {text}
        </div>
      )}
    </div>
  );
}
