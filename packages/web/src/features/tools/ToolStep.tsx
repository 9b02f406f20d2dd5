import { messageText, type Message } from '@parley/core/entities';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { cn } from '../../ui/cn';
import { ToolResultDisplay } from './ToolResultDisplay';

/**
 * One tool call of the loop, from its stored `function` message (TL7): a collapsed header (emoji,
 * title, function, status, time) that opens to the arguments and the result or error. What the
 * result shows the user (markdown, HTML, cards) stays visible below.
 */
export function ToolStep({ message }: { message: Message }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const run = message.toolRun;
  const status = run?.status ?? 'ok';
  const text = messageText(message);
  return (
    <section aria-label={t('tools.step.label', { name: message.name ?? '' })} className="my-1.5 text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 rounded-md border border-line px-3 py-1.5 text-left text-fg-muted hover:bg-hover"
      >
        <span aria-hidden="true">{run?.origin?.emoji || '🔧'}</span>
        <span className="truncate">{run?.origin?.title || t('tools.step.tool')}</span>
        <code className="truncate font-mono text-xs">{message.name}</code>
        <span className={cn('ml-auto shrink-0 text-xs', status === 'ok' ? 'text-fg-subtle' : 'text-danger')}>
          {t(`tools.step.status.${status}`)}
          {run
            ? ` · ${t('tools.step.duration', {
                seconds: format.number(run.durationMs / 1000, {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                }),
              })}`
            : ''}
        </span>
      </button>
      {open && (
        <div id={detailsId} className="mt-1 space-y-2 rounded-md bg-sunken px-3 py-2">
          <h4 className="text-xs font-medium text-fg-subtle">{t('tools.step.arguments')}</h4>
          <pre className="font-mono text-xs break-words whitespace-pre-wrap">
            {prettyJson(run?.arguments ?? '')}
          </pre>
          <h4 className="text-xs font-medium text-fg-subtle">
            {status === 'ok' ? t('tools.step.result') : t('tools.step.error')}
          </h4>
          <pre className="max-h-80 overflow-auto font-mono text-xs break-words whitespace-pre-wrap">
            {text}
          </pre>
        </div>
      )}
      {run?.display && <ToolResultDisplay display={run.display} />}
    </section>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Under an answer that called tools: which ones, and that they are running while they do. */
export function ToolCallsLine({ names, running }: { names: readonly string[]; running: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 text-xs text-fg-subtle" aria-live="polite">
      {running
        ? t('tools.calls.running', { names: names.join(', ') })
        : t('tools.calls.called', { names: names.join(', ') })}
    </p>
  );
}
