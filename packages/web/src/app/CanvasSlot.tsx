import { useMemo } from 'react';
import { CanvasHost } from '../features/canvas';
import { useActiveChat } from '../features/chat';
import { MarkdownView } from '../features/markdown';

const renderMarkdown = (text: string) => <MarkdownView text={text} />;

/**
 * The canvas panel, given the open chat's answers and tool results shown as markdown (the canvas
 * tools' blocks): where a canvas finds its versions (decision 0093).
 */
export function CanvasSlot() {
  const messages = useActiveChat((state) => state.chat?.messages);
  const answers = useMemo(
    () =>
      (messages ?? [])
        .filter((message) => message.role === 'assistant' || message.toolRun?.display?.kind === 'markdown')
        .map((message) =>
          message.toolRun?.display?.kind === 'markdown'
            ? message.toolRun.display.markdown
            : typeof message.content === 'string'
              ? message.content
              : Array.isArray(message.content)
                ? message.content
                    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
                    .join('\n')
                : '',
        ),
    [messages],
  );
  return <CanvasHost renderMarkdown={renderMarkdown} answers={answers} />;
}
