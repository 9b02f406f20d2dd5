import type { ChatSummary } from '@parley/core/entities';
import { avatarColor, avatarInitial } from './chat-avatar';

/** The agent's picture, or a coloured initial (of the agent, else of the model). Decorative. */
export function ChatAvatar({ chat }: { chat: Pick<ChatSummary, 'character' | 'model' | 'title'> }) {
  const avatarURL = chat.character?.avatarURL;
  if (avatarURL) {
    return (
      <img src={avatarURL} alt="" aria-hidden="true" className="size-7 shrink-0 rounded-full object-cover" />
    );
  }
  const name = chat.character?.title || chat.model || chat.title;
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: avatarColor(chat.character?.id ?? chat.model) }}
      className="flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white"
    >
      {avatarInitial(name)}
    </span>
  );
}
