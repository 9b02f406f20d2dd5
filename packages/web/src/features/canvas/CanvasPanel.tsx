import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/save-file';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { CanvasDiff } from './CanvasDiff';
import { CanvasEditor } from './CanvasEditor';
import type { CanvasEditPort } from './canvas-edits';
import { CanvasFrame } from './CanvasFrame';
import { CanvasMermaid } from './CanvasMermaid';
import type { Message } from '@parley/core/entities';
import { useCanvas, type CanvasDocument } from './canvas-open';
import { answersOf, canvasFileName, canvasTitleOf, canvasVersions, previewPage } from './canvas-store';

/**
 * The canvas panel (decision 0093): beside the chat on a wide screen, a sheet over it on a phone;
 * preview and source (highlighted), copy, download, full screen, close; Edit (decision 0135) to
 * change the text by hand or ask the model to change a selected passage.
 */
export default function CanvasPanel({
  document: opened,
  messages,
  renderMarkdown,
  renderSource,
  dark,
  edits,
}: {
  document: CanvasDocument;
  /** The open chat's messages: where the document's versions are found. */
  messages: readonly Message[];
  renderMarkdown: (text: string) => ReactNode;
  /** The source, highlighted as a code block is. */
  renderSource: (code: string, language: string, label: string) => ReactNode;
  /** The app's dark theme (a Mermaid diagram follows it). */
  dark: boolean;
  /** Editing and asking the model; none: the canvas is read only. */
  edits: CanvasEditPort | null;
}) {
  const { t } = useTranslation();
  const close = useCanvas((state) => state.close);
  const open = useCanvas((state) => state.open);
  const versions = useMemo(() => canvasVersions(opened, answersOf(messages)), [opened, messages]);
  // The latest version, and the newest again whenever a later answer adds one.
  const [at, setAt] = useState(versions.length - 1);
  const [count, setCount] = useState(versions.length);
  if (count !== versions.length) {
    setCount(versions.length);
    setAt(versions.length - 1);
  }
  const index = Math.min(at, versions.length - 1);
  const doc = { ...opened, content: versions[index] ?? opened.content };
  const canPreview = doc.kind !== 'code';
  const [view, setView] = useState<'preview' | 'source' | 'changes'>(canPreview ? 'preview' : 'source');
  const [editing, setEditing] = useState(false);
  const [copied, setCopied] = useState(false);
  const [full, setFull] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const shown = view === 'changes' ? (index > 0 ? 'changes' : 'source') : canPreview ? view : 'source';
  const views = [
    ...(canPreview ? (['preview', 'source'] as const) : (['source'] as const)),
    ...(index > 0 ? (['changes'] as const) : []),
  ];

  const copy = () =>
    void navigator.clipboard.writeText(doc.content).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const download = () =>
    void saveFile(canvasFileName(doc), new Blob([doc.content], { type: 'text/plain;charset=utf-8' }));

  return (
    <aside
      ref={panel}
      aria-label={t('canvas.label', { title: doc.title })}
      // The shell narrows the chat's column by the panel's width while this is set (AppShell).
      data-canvas-beside={full ? undefined : ''}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      className={cn(
        'fixed inset-0 z-40 flex flex-col bg-app shadow-xl sm:inset-y-0 sm:right-0 sm:left-auto sm:border-l sm:border-line',
        full ? 'sm:w-full' : 'sm:w-[min(48vw,760px)]',
      )}
    >
      {/* Title, versions and close on the first line; the views and actions below, wrapping as the
          panel narrows (the close button never ends up alone on a line of its own). */}
      <header className="flex flex-col gap-2 border-b border-line px-3 py-2">
        <div className="flex items-center gap-2">
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{doc.title}</h2>
          {versions.length > 1 && !editing && (
            <div
              role="group"
              aria-label={t('canvas.versions')}
              className="flex items-center text-xs text-fg-muted"
            >
              <button
                type="button"
                aria-label={t('canvas.previousVersion')}
                disabled={index === 0}
                onClick={() => setAt(index - 1)}
                className="rounded px-1.5 py-0.5 hover:bg-hover disabled:opacity-40"
              >
                ‹
              </button>
              <span aria-live="polite">
                {t('canvas.versionOf', { at: index + 1, count: versions.length })}
              </span>
              <button
                type="button"
                aria-label={t('canvas.nextVersion')}
                disabled={index === versions.length - 1}
                onClick={() => setAt(index + 1)}
                className="rounded px-1.5 py-0.5 hover:bg-hover disabled:opacity-40"
              >
                ›
              </button>
            </div>
          )}
          <Button size="sm" onClick={close} aria-label={t('canvas.close')}>
            ✕
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {views.length > 1 && !editing && (
            <div
              role="group"
              aria-label={t('canvas.view')}
              className="flex rounded-md border border-line p-0.5"
            >
              {views.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={shown === name}
                  onClick={() => setView(name)}
                  className={cn(
                    'rounded px-2 py-0.5 text-xs font-medium',
                    shown === name ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-hover',
                  )}
                >
                  {name === 'preview'
                    ? t('canvas.preview')
                    : name === 'source'
                      ? t('canvas.source')
                      : t('canvas.changes')}
                </button>
              ))}
            </div>
          )}
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {edits && !editing && (
              <Button size="sm" onClick={() => setEditing(true)}>
                {t('canvas.edit.open')}
              </Button>
            )}
            <Button size="sm" onClick={copy}>
              {copied ? t('canvas.copied') : t('canvas.copy')}
            </Button>
            <Button size="sm" onClick={download}>
              {t('canvas.download')}
            </Button>
            <Button
              size="sm"
              aria-pressed={full}
              onClick={() => setFull((value) => !value)}
              className="max-sm:hidden"
            >
              {full ? t('canvas.exitFullScreen') : t('canvas.fullScreen')}
            </Button>
          </div>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        {editing && edits ? (
          <CanvasEditor
            document={doc}
            edits={edits}
            onCancel={() => setEditing(false)}
            onSaved={(content) => {
              // The saved version opens: its title may have changed with its text (a new heading).
              open({ ...doc, content, title: canvasTitleOf(doc.kind, doc.language, content) });
            }}
          />
        ) : shown === 'changes' ? (
          <CanvasDiff before={versions[index - 1] ?? ''} after={doc.content} />
        ) : shown === 'source' ? (
          renderSource(
            doc.content,
            doc.kind === 'code' ? doc.language : doc.kind === 'svg' ? 'xml' : doc.kind,
            t('canvas.sourceLabel'),
          )
        ) : doc.kind === 'markdown' ? (
          <div className="px-5 py-4">{renderMarkdown(doc.content)}</div>
        ) : doc.kind === 'mermaid' ? (
          <CanvasMermaid diagram={doc.content} dark={dark} />
        ) : (
          <CanvasFrame html={previewPage(doc)} />
        )}
      </div>
    </aside>
  );
}
