import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../state';
import { cn } from '../../ui/cn';

type Line = { kind: 'added' | 'removed' | 'same'; text: string };

/** The changes from one version to the next, line by line (the `diff` library, loaded on first use). */
export function CanvasDiff({ before, after, label }: { before: string; after: string; label?: string }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    void retryingImport(() => import('diff')).then(({ diffLines }) => {
      if (cancelled) return;
      const out: Line[] = [];
      for (const part of diffLines(before, after)) {
        const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
        for (const text of part.value.replace(/\n$/, '').split('\n')) out.push({ kind, text });
      }
      setLines(out);
    });
    return () => {
      cancelled = true;
    };
  }, [before, after]);
  if (!lines) return null;
  return (
    <pre
      aria-label={label ?? t('canvas.changesLabel')}
      className="min-h-full py-3 font-mono text-[13px] leading-relaxed"
    >
      {lines.map((line, index) => (
        <div
          key={index}
          className={cn(
            'px-4 whitespace-pre-wrap',
            line.kind === 'added' && 'bg-green-500/15',
            line.kind === 'removed' && 'bg-red-500/15 text-fg-muted',
          )}
        >
          {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
          {line.text}
        </div>
      ))}
    </pre>
  );
}
