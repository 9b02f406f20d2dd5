import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../ui/icons/chat';
import { consoleErrorReporter, type ErrorReporter } from './error-reporter';
import { ErrorBoundary } from './ErrorBoundary';

export type MessageBoundaryProps = {
  /** The message's text as written: what Show raw text shows. */
  text: string;
  children: ReactNode;
  report?: ErrorReporter;
};

/**
 * Around one message (decision 0068): when it cannot be rendered, only that message says so, with
 * "Show raw text" (the text as written, never parsed); the rest of the chat and the app go on. A new
 * text (the next chunk of a streaming answer, an edit) is tried again.
 */
export function MessageBoundary({ text, children, report = consoleErrorReporter }: MessageBoundaryProps) {
  return (
    <ErrorBoundary report={report} resetKey={text} fallback={() => <MessageRenderFailure text={text} />}>
      {children}
    </ErrorBoundary>
  );
}

function MessageRenderFailure({ text }: { text: string }) {
  const { t } = useTranslation();
  const [raw, setRaw] = useState(false);
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg-muted">
        <AlertIcon size={16} className="shrink-0 text-danger" />
        <span>{t('errors.message.failed')}</span>
        <button
          type="button"
          aria-expanded={raw}
          onClick={() => setRaw((shown) => !shown)}
          className="rounded font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
        >
          {raw ? t('errors.message.hideRaw') : t('errors.message.showRaw')}
        </button>
      </p>
      {raw && (
        <pre
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto rounded-lg border border-line bg-sunken p-3 font-mono text-[13px] break-words whitespace-pre-wrap text-fg"
        >
          {text}
        </pre>
      )}
    </div>
  );
}
