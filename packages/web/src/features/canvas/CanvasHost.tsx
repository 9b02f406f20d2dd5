import { type ReactNode } from 'react';
import { lazyPart } from '../../state';
import type { Message } from '@parley/core/entities';
import { useCanvas } from './canvas-open';
import type { CanvasEditPort } from './canvas-edits';

// The panel loads when a canvas first opens, with its strings.
const CanvasPanel = lazyPart(() => import('./CanvasPanel'), { strings: 'canvas' });

/** Where the canvas panel mounts (the composition root): the open document, if any. */
export function CanvasHost({
  renderMarkdown,
  renderSource,
  messages,
  dark,
  edits,
}: {
  renderMarkdown: (text: string) => ReactNode;
  /** A document's source, highlighted (the markdown view's highlighter, loaded with the panel). */
  renderSource: (code: string, language: string, label: string) => ReactNode;
  /** The open chat's messages: where a canvas finds its versions. */
  messages: readonly Message[];
  dark: boolean;
  /** "Edit in canvas" (decision 0135); null without an open chat. */
  edits: CanvasEditPort | null;
}) {
  const document = useCanvas((state) => state.document);
  if (!document) return null;
  return (
    <CanvasPanel
      key={`${document.title}\n${document.content}`}
      document={document}
      messages={messages}
      renderMarkdown={renderMarkdown}
      renderSource={renderSource}
      dark={dark}
      edits={edits}
    />
  );
}
