import { CanvasHost, useCanvas } from '../features/canvas';
import { useActiveChat } from '../features/chat';
import { MarkdownView } from '../features/markdown';

const renderMarkdown = (text: string) => <MarkdownView text={text} />;
const NO_MESSAGES: [] = [];

/** The canvas panel, given the open chat's messages (where a canvas finds its versions, decision 0093). */
export default function CanvasSlot() {
  const open = useCanvas((state) => state.document !== null);
  const messages = useActiveChat((state) => (open ? state.chat?.messages : undefined));
  return <CanvasHost renderMarkdown={renderMarkdown} messages={messages ?? NO_MESSAGES} />;
}
