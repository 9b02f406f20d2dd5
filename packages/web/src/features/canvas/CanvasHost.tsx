import { type ReactNode } from 'react';
import { lazyPart } from '../../state';
import type { Message } from '@parley/core/entities';
import { useCanvas } from './canvas-open';

// The panel loads when a canvas first opens, with its strings.
const CanvasPanel = lazyPart(() => import('./CanvasPanel'), { strings: 'canvas' });

/** Where the canvas panel mounts (the composition root): the open document, if any. */
export function CanvasHost({
  renderMarkdown,
  messages,
}: {
  renderMarkdown: (text: string) => ReactNode;
  /** The open chat's messages: where a canvas finds its versions. */
  messages: readonly Message[];
}) {
  const document = useCanvas((state) => state.document);
  if (!document) return null;
  return (
    <CanvasPanel
      key={`${document.title}\n${document.content}`}
      document={document}
      messages={messages}
      renderMarkdown={renderMarkdown}
    />
  );
}
