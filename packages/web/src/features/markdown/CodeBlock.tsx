import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemedToken } from 'shiki/core';
import { cn } from '../../ui/cn';
import { canvasKindOf, canvasTitleOf, useCanvas } from '../canvas';
import { LazyRunButton, LazyRunOutput, runCodeNow, runnableLanguage, type CodeRunOutcome } from '../code-run';
import { CheckIcon, CopyIcon } from '../../ui/icons/message';
import { copyText } from './copy-text';
import { cachedTokens, highlightCode, resolveLanguage } from './highlighter';
import { TokenLines } from './token-lines';

export type CodeBlockProps = {
  code: string;
  /** The fence's info string, e.g. `ts`. */
  info: string | undefined;
  /** Still streaming: shown plain until complete (highlighting every frame would waste the main thread). */
  live: boolean;
};

/**
 * A fenced code block: language label, copy button, highlighted once its language has loaded; Python
 * and JavaScript blocks also have Run (decision 0092), their output shown under the block.
 */
export function CodeBlock({ code, info, live }: CodeBlockProps) {
  const { t } = useTranslation();
  const language = resolveLanguage(info);
  const [highlighted, setHighlighted] = useState<{ code: string; tokens: ThemedToken[][] } | null>(null);
  const [copied, setCopied] = useState(false);
  const runnable = live ? null : runnableLanguage(info);
  const canvasKind = live ? null : canvasKindOf(info, code);
  const openCanvas = useCanvas((state) => state.open);
  const [run, setRun] = useState<{ running: boolean; outcome?: CodeRunOutcome } | null>(null);
  const stopRun = useRef<AbortController | null>(null);
  useEffect(() => () => stopRun.current?.abort(), []);
  const runCode = () => {
    if (!runnable) return;
    stopRun.current?.abort();
    const controller = new AbortController();
    stopRun.current = controller;
    setRun({ running: true });
    runCodeNow(runnable, code, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRun({ running: false, outcome }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setRun({
          running: false,
          outcome: { ok: false, message: error instanceof Error ? error.message : String(error) },
        }),
    );
  };
  const cached = language ? cachedTokens(code, language) : undefined;
  const tokens = cached ?? (highlighted?.code === code ? highlighted.tokens : undefined);

  useEffect(() => {
    if (!language || live || tokens) return;
    let cancelled = false;
    highlightCode(code, language).then(
      (result) => {
        if (!cancelled && result) setHighlighted({ code, tokens: result });
      },
      (error: unknown) => console.warn('highlighting failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [code, language, live, tokens]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const label = info?.trim() || t('markdown.plainText');
  return (
    <figure className="md-code group/code my-3 overflow-hidden rounded-lg border border-line bg-sunken">
      <figcaption className="flex h-8 items-center justify-between border-b border-line pr-1 pl-3 text-xs text-fg-subtle">
        <span className="font-mono">{label}</span>
        <span className="flex items-center">
          {canvasKind && (
            <button
              type="button"
              onClick={() => {
                const language = info?.trim().split(/\s+/)[0] ?? '';
                openCanvas({
                  kind: canvasKind,
                  language,
                  title: canvasTitleOf(canvasKind, language, code),
                  content: code,
                });
              }}
              className="inline-flex h-6 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-hover hover:text-fg"
            >
              {t('markdown.openInCanvas')}
            </button>
          )}
          {runnable && <LazyRunButton running={run?.running ?? false} onRun={runCode} />}
          <button
            type="button"
            onClick={() => void copyText(code).then(setCopied)}
            className="inline-flex h-6 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-hover hover:text-fg"
          >
            {copied ? <CheckIcon size={13} /> : <CopyIcon size={13} />}
            {copied ? t('markdown.copied') : t('markdown.copyCode')}
          </button>
        </span>
      </figcaption>
      <pre
        aria-label={t('markdown.codeLabel', { language: label })}
        data-scroll-x=""
        className={cn(
          'overflow-x-auto px-3.5 py-3 font-mono text-[13px] leading-relaxed',
          tokens && 'shiki-tokens',
        )}
      >
        <code>{tokens ? <TokenLines tokens={tokens} /> : code}</code>
      </pre>
      {run?.outcome && <LazyRunOutput outcome={run.outcome} language={label} />}
    </figure>
  );
}
