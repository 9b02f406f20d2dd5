import { lazy, Suspense, type ReactNode } from 'react';
import { retryingImport, withStrings } from '../../state';
import { canvasVersions, useCanvas } from './canvas-store';

// The panel loads when a canvas first opens, with its strings.
const CanvasPanel = lazy(() => withStrings('canvas', () => retryingImport(() => import('./CanvasPanel'))));

/** Where the canvas panel mounts (the composition root): the open document, if any. */
export function CanvasHost({
  renderMarkdown,
  answers,
}: {
  renderMarkdown: (text: string) => ReactNode;
  /** The open chat's answers as text, oldest first: where a canvas finds its versions. */
  answers: readonly string[];
}) {
  const document = useCanvas((state) => state.document);
  if (!document) return null;
  const versions = canvasVersions(document, answers);
  return (
    <Suspense fallback={null}>
      <CanvasPanel
        key={`${document.title}\n${document.content}`}
        document={document}
        versions={versions}
        renderMarkdown={renderMarkdown}
      />
    </Suspense>
  );
}
