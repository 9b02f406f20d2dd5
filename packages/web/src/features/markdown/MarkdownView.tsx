import { lazy, Suspense } from 'react';
import { retryingImport } from '../../lib/retrying-import';
import { plainPreview } from './plain-preview';

const MarkdownRenderer = lazy(() => retryingImport(() => import('./MarkdownRenderer')));

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
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{plainPreview(text)}</div>}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </Suspense>
  );
}

/** Starts loading the renderer early (e.g. when the first answer starts streaming). */
export function preloadMarkdown(): void {
  void import('./MarkdownRenderer');
}
