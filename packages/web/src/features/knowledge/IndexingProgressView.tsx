import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { useKnowledgeStore } from './knowledge-store';

/**
 * Files done of all, passages so far, the time left (from the pace so far), and Cancel. It reads
 * the progress from the store itself: a step re-renders this, not the panel around it.
 */
export function IndexingProgressView({ now, onCancel }: { now: () => number; onCancel: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const progress = useKnowledgeStore((state) => state.progress);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!progress) return null;
  const elapsed = now() - progress.startedAt;
  const left =
    progress.done > 0
      ? Math.round(((elapsed / progress.done) * (progress.total - progress.done)) / 1000)
      : null;
  const fraction = progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <div
      role="status"
      aria-label={t('knowledge.progress.label')}
      className="flex flex-col gap-2 rounded-lg border border-line bg-sunken p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 truncate">
          {progress.current
            ? t('knowledge.progress.current', { name: progress.current })
            : t('knowledge.progress.starting')}
        </span>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('knowledge.progress.cancel')}
        </Button>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-line" aria-hidden>
        {/* Scaled, not resized: a transform's transition runs on the compositor, while a width's
            laid out and painted the dialog again on every frame of it. */}
        <div
          className="h-full origin-left bg-accent transition-transform"
          style={{ transform: `scaleX(${Math.round(fraction * 100) / 100})` }}
        />
      </div>
      <p className="text-xs text-fg-muted">
        {t('knowledge.progress.files', { done: progress.done, total: progress.total })} ·{' '}
        {t('knowledge.progress.passages', {
          count: progress.passages,
          formatted: format.number(progress.passages),
        })}
        {progress.embedded && progress.embedded.total > 0
          ? ` · ${t('knowledge.progress.embedded', { done: progress.embedded.done, total: progress.embedded.total })}`
          : ''}
        {left !== null && progress.done < progress.total
          ? ` · ${t('knowledge.progress.left', { time: left >= 60 ? t('knowledge.progress.minutes', { count: Math.ceil(left / 60) }) : t('knowledge.progress.seconds', { count: Math.max(1, left) }) })}`
          : ''}
      </p>
    </div>
  );
}
