import { lazy, Suspense, type ReactNode } from 'react';
import { retryingImport, withStrings } from '../../state';
import { useCanvas } from './canvas-store';

// The panel loads when a canvas first opens, with its strings.
const CanvasPanel = lazy(() => withStrings('canvas', () => retryingImport(() => import('./CanvasPanel'))));

/** Where the canvas panel mounts (the composition root): the open document, if any. */
export function CanvasHost({ renderMarkdown }: { renderMarkdown: (text: string) => ReactNode }) {
  const document = useCanvas((state) => state.document);
  if (!document) return null;
  return (
    <Suspense fallback={null}>
      <CanvasPanel
        key={`${document.title}\n${document.content}`}
        document={document}
        renderMarkdown={renderMarkdown}
      />
    </Suspense>
  );
}
