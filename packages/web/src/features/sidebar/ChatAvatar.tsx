import type { ChatSummary } from '@parley/core/entities';
import type { ProviderId } from '@parley/core/models';
import type { ComponentType } from 'react';
import type { IconProps } from '../../ui/icons/icon';
import {
  AnthropicMarkIcon,
  GeminiMarkIcon,
  OpenAIMarkIcon,
  OpenRouterMarkIcon,
} from '../../ui/icons/sidebar';
import { avatarColor, avatarInitial, chatProvider } from './chat-avatar';

type Mark = { Icon: ComponentType<IconProps>; color: string };

/** Each provider's mark on its own colour; custom endpoints keep a coloured initial. */
const providerMarks: Partial<Record<ProviderId, Mark>> = {
  openai: { Icon: OpenAIMarkIcon, color: '#10a37f' },
  anthropic: { Icon: AnthropicMarkIcon, color: '#c96442' },
  gemini: { Icon: GeminiMarkIcon, color: '#1a73e8' },
  openrouter: { Icon: OpenRouterMarkIcon, color: '#6366f1' },
};

/**
 * The agent's picture or coloured initial when the chat has an agent; otherwise the mark and colour
 * of the model's provider; a coloured initial for custom models. Decorative.
 */
export function ChatAvatar({
  chat,
}: {
  chat: Pick<ChatSummary, 'character' | 'model' | 'modelInfo' | 'title'>;
}) {
  const avatarURL = chat.character?.avatarURL;
  if (avatarURL) {
    return (
      <img src={avatarURL} alt="" aria-hidden="true" className="size-7 shrink-0 rounded-full object-cover" />
    );
  }
  const provider = chat.character ? undefined : chatProvider(chat);
  const mark = provider ? providerMarks[provider] : undefined;
  if (mark) {
    return (
      <span
        aria-hidden="true"
        data-provider={provider}
        style={{ backgroundColor: mark.color }}
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-white"
      >
        <mark.Icon size={15} strokeWidth={2} />
      </span>
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
