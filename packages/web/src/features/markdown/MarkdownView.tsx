import { useState } from 'react';
import { lazyPart } from '../../state';
import { plainPreview } from './plain-preview';

// Until the renderer has loaded the text shows as written.
const MarkdownRenderer = lazyPart(() => import('./MarkdownRenderer'), {
  fallback: ({ text }) => <div className="whitespace-pre-wrap break-words">{plainPreview(text)}</div>,
});

export type MarkdownViewProps = {
  text: string;
  /** The answer is still arriving: the last block is re-rendered, code in it is not highlighted yet. */
  streaming?: boolean;
};

/**
 * Rendered markdown. The renderer is its own chunk; until it has loaded the text shows as written
 * (the start of a very long one: its layout alone would hold the page, see plain-preview.ts).
 */
export function MarkdownView({ text, streaming = false }: MarkdownViewProps) {
  // A renderer that cannot load even after its retries fails the message like a render error: the
  // message's own boundary then says it could not be shown and offers the raw text (not a bare
  // Retry in the middle of an answer).
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  if (failed) throw failed.error instanceof Error ? failed.error : new Error(String(failed.error));
  return (
    <MarkdownRenderer text={text} streaming={streaming} onLoadFailed={(error) => setFailed({ error })} />
  );
}

/** Starts loading the renderer early (e.g. when the first answer starts streaming). */
export function preloadMarkdown(): void {
  void MarkdownRenderer.preload().catch(() => undefined);
}
