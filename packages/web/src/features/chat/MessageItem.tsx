import { isContextBoundary, messageText, type Message } from '@parley/core/entities';
import { costOfUsage, findModel } from '@parley/core/models';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { cn } from '../../ui/cn';
import { MessageBoundary } from '../errors';
import { CitationLinksContext, MarkdownView } from '../markdown';
import { MessageAttachments } from './AttachmentChip';
import { MessageActions } from './MessageActions';
import { MessageEditor } from './MessageEditor';
import { FinishNotice } from './FinishNotice';
import { MessageError } from './MessageError';
import { ReasoningView } from './ReasoningView';
import { PinIcon } from '../../ui/icons/message';
import { useModelLists, useSyncedSettings } from '../../state';
import type { ChatActions } from './use-chat-actions';
import { VersionSwitcher, type MessageVersions } from './VersionSwitcher';
import { ToolCallsLine, ToolStep } from '../tools';
import { useAnswerAddon, useAnswerCitationLinks } from './answer-addon';

export type MessageItemProps = {
  message: Message;
  actions: ChatActions;
  /** The chat is streaming an answer: edits wait. */
  busy: boolean;
  /** The last message of the chat (Retry shows only there). */
  isLast: boolean;
  /** An answer still streaming: its text so far, no actions yet. */
  live?: boolean;
} & MessageVersions;

/** One message of the list. Memoised: a streaming answer elsewhere never re-renders it. */
export const MessageItem = memo(function MessageItem({
  message,
  actions,
  busy,
  isLast,
  live = false,
  ...versions
}: MessageItemProps) {
  if (isContextBoundary(message)) return <ContextDivider />;
  // Tools SPEC TL7: a tool result is a step of the answer, not a message of its own.
  if (message.role === 'function' || message.role === 'tool') return <ToolStep message={message} />;
  if (message.role === 'user')
    return <UserMessage message={message} actions={actions} busy={busy} versions={versions} />;
  return (
    <AssistantMessage
      message={message}
      actions={actions}
      busy={busy}
      isLast={isLast}
      live={live}
      versions={versions}
    />
  );
});

type ItemProps = Omit<MessageItemProps, keyof MessageVersions> & { versions: MessageVersions };

function ContextDivider() {
  const { t } = useTranslation();
  return (
    <div role="separator" className="flex items-center gap-3 py-3 text-xs text-fg-subtle">
      <span className="h-px flex-1 bg-line" />
      {t('chat.contextCleared')}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

function PinnedBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-accent">
      <PinIcon size={12} />
      {t('chat.message.pinned')}
    </span>
  );
}

function UserMessage({ message, actions, busy, versions }: Omit<ItemProps, 'isLast'>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [raw, setRaw] = useState(false);
  const text = messageText(message);
  return (
    <article
      aria-label={t('chat.roles.user')}
      className="group/message flex flex-col items-end gap-1 pt-4 pb-0.5"
    >
      {message.pinned && <PinnedBadge />}
      {(Array.isArray(message.content) || message.attachmentsLeftOut) && (
        <MessageAttachments
          parts={Array.isArray(message.content) ? message.content : []}
          leftOut={message.attachmentsLeftOut}
        />
      )}
      {editing ? (
        <MessageEditor
          initialText={text}
          onCancel={() => setEditing(false)}
          onSubmit={(next) => {
            setEditing(false);
            void actions.editAndResubmit(message.id, next);
          }}
        />
      ) : (
        <div
          className={cn(
            'max-w-[85%] rounded-2xl rounded-br-md bg-sunken px-4 py-2.5 break-words whitespace-pre-wrap',
            raw && 'font-mono text-[13px]',
            text === '' && 'hidden',
          )}
        >
          {text}
        </div>
      )}
      {raw && !editing && <RawLinks message={message} />}
      {!editing && (
        // The switcher stays under the bubble's right edge; the actions (shown on hover) before it.
        <div className="flex items-center gap-1">
          <MessageActions
            message={message}
            actions={actions}
            raw={raw}
            onToggleRaw={() => setRaw((value) => !value)}
            onEdit={() => setEditing(true)}
            busy={busy}
          />
          <VersionSwitcher versions={versions} onSwitch={actions.switchVersion} disabled={busy} />
        </div>
      )}
    </article>
  );
}

function AssistantMessage({ message, actions, busy, isLast, live = false, versions }: ItemProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [raw, setRaw] = useState(false);
  const text = messageText(message);
  const renderAddon = useAnswerAddon((state) => state.render);
  const citationLinks = useAnswerCitationLinks((state) => state.byMessage[message.id] ?? null);
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const listed = useModelLists((state) => state.known.get(message.model ?? ''));
  const model = findModel(message.model ?? '', customModels) ?? listed;
  const usage = message.usage;
  // The same cost the Usage screen counts (TK4): the provider's own figure when it reported one.
  const cost =
    usage && (usage.cost !== undefined || model?.pricing)
      ? costOfUsage(
          model?.id ?? message.model ?? '',
          {
            promptTokens: usage.prompt_tokens,
            completionTokens: usage.completion_tokens,
            costUSD: usage.cost,
          },
          model ? [...customModels, model] : customModels,
        )
      : null;
  return (
    <article
      aria-label={t('chat.roles.assistant')}
      aria-busy={live || undefined}
      className="group/message pt-3 pb-2"
    >
      <header className="mb-1.5 flex items-center gap-2 text-[13px] font-medium text-fg-muted">
        <span>{model?.title ?? message.model ?? t('chat.roles.assistant')}</span>
        {message.pinned && <PinnedBadge />}
        {message.finish === 'stopped' && (
          <span className="text-fg-subtle">· {t('chat.message.stopped')}</span>
        )}
      </header>
      {message.reasoning && <ReasoningView text={message.reasoning} thinking={live && text === ''} />}
      {live && text === '' && !message.reasoning && <WaitingDots />}
      {text !== '' &&
        (raw ? (
          <>
            <pre className="font-mono text-[13px] break-words whitespace-pre-wrap">{text}</pre>
            <RawLinks message={message} />
          </>
        ) : (
          // A text that cannot be rendered says so here; the message's header and actions stay.
          <MessageBoundary text={text}>
            <CitationLinksContext value={citationLinks}>
              <MarkdownView text={text} streaming={live} />
            </CitationLinksContext>
          </MessageBoundary>
        ))}
      {!live && !raw && text !== '' && renderAddon?.({ message })}
      {message.tool_calls && message.tool_calls.length > 0 && (
        <ToolCallsLine
          names={message.tool_calls.map((call) => call.function.name)}
          running={isLast && busy}
        />
      )}
      <MessageError
        message={message}
        canRetry={isLast && !busy}
        onRetry={actions.retry}
        onContinue={actions.continueAnswer}
      />
      {!live && (
        <FinishNotice message={message} onContinue={isLast && !busy ? actions.continueAnswer : undefined} />
      )}
      {message.keywords && message.keywords.length > 0 && (
        <Keywords keywords={message.keywords} onAsk={actions.ask} disabled={busy} />
      )}
      <footer className="mt-1.5 flex min-h-7 flex-wrap items-center gap-x-3">
        {!live && <VersionSwitcher versions={versions} onSwitch={actions.switchVersion} disabled={busy} />}
        {!live && (
          <MessageActions
            message={message}
            actions={actions}
            raw={raw}
            onToggleRaw={() => setRaw((value) => !value)}
            busy={busy}
          />
        )}
        {usage && (
          <span className="ml-auto text-xs text-fg-subtle tabular-nums">
            {t('chat.message.usage', {
              tokens: format.tokens(usage.total_tokens),
              cost: cost === null ? '—' : format.usd(cost),
            })}
          </span>
        )}
      </footer>
    </article>
  );
}

/** Show Raw names the message and the one it follows (BR1), as the stored tree has them. */
/** Show Raw: the message's place in the tree, and what it holds besides text, as stored (references, not bytes). */
function RawLinks({ message }: { message: Message }) {
  const { t } = useTranslation();
  const parts = Array.isArray(message.content) ? message.content : [];
  return (
    <div className="mt-1 font-mono text-xs break-all text-fg-subtle">
      <p>
        {t('chat.message.rawLinks', {
          id: message.id,
          parent: message.parentId ?? t('chat.message.rawRoot'),
        })}
      </p>
      {parts.map((part, index) =>
        part.type === 'image_url' ? (
          <p key={index}>{t('chat.message.rawImage', { url: part.image_url.url })}</p>
        ) : part.type === 'tm_text_file' ? (
          <p key={index}>
            {t('chat.message.rawDocument', { name: part.metadata.name, chars: part.text.length })}
          </p>
        ) : null,
      )}
      {message.attachmentsLeftOut !== undefined && (
        <p>{t('chat.message.rawLeftOut', { count: message.attachmentsLeftOut })}</p>
      )}
    </div>
  );
}

function WaitingDots() {
  const { t } = useTranslation();
  return (
    <p className="flex h-6 items-center gap-2 text-fg-subtle">
      <span className="flex gap-1" aria-hidden="true">
        <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle" />
        <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle [animation-delay:150ms]" />
        <span className="size-1.5 animate-pulse rounded-full bg-fg-subtle [animation-delay:300ms]" />
      </span>
      <span className="sr-only">{t('chat.message.waiting')}</span>
    </p>
  );
}

function Keywords({
  keywords,
  onAsk,
  disabled,
}: {
  keywords: string[];
  onAsk: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-1.5">
      <span className="mr-1 text-xs text-fg-subtle">{t('chat.keywords.label')}</span>
      {keywords.map((keyword) => (
        <button
          key={keyword}
          type="button"
          disabled={disabled}
          onClick={() => onAsk(t('chat.keywords.prompt', { keyword }))}
          className="rounded-full border border-line-strong px-2.5 py-0.5 text-xs text-fg-muted transition-colors hover:border-accent hover:text-accent disabled:opacity-50"
        >
          {keyword}
        </button>
      ))}
    </div>
  );
}
