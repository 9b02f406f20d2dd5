import { findModel } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { MarkdownView } from '../markdown/MarkdownView';
import { useChatRuntime, useSyncedSettings } from './chat-runtime';

/**
 * The answer being streamed. It alone subscribes to the streaming text, so each frame of new text
 * re-renders this item and nothing else of the chat.
 */
export function StreamingAnswerItem({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const answer = useStore(useChatRuntime().streaming, (state) => state.answers[chatId]);
  const customModels = useSyncedSettings((state) => state.values.customModels);
  if (!answer) return null;
  const title = findModel(answer.modelId, customModels)?.title ?? answer.modelId;
  return (
    <article aria-label={t('chat.roles.assistant')} aria-busy="true" className="py-3">
      <header className="mb-1.5 text-[13px] font-medium text-fg-muted">{title}</header>
      {answer.text === '' ? (
        <p className="flex items-center gap-2 text-fg-subtle">
          <span className="flex gap-1" aria-hidden="true">
            <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle" />
            <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle [animation-delay:150ms]" />
            <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle [animation-delay:300ms]" />
          </span>
          <span className="sr-only">{t('chat.message.waiting')}</span>
        </p>
      ) : (
        <MarkdownView text={answer.text} streaming />
      )}
    </article>
  );
}
