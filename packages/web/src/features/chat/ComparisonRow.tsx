import { isModelLocked } from '@parley/core/chat';
import type { Message } from '@parley/core/entities';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useModelLists, useSyncedSettings } from '../../state';
import { cn } from '../../ui/cn';
import { StopIcon } from '../../ui/icons/chat';
import { notify } from '../toasts';
import { chatCommands } from './chat-commands';
import { useChatRuntime } from './chat-runtime';
import type { Comparison, ComparisonColumn } from './comparison-store';
import { MessageItem } from './MessageItem';
import { liveMessage } from './MessageRow';
import type { ChatActions } from './use-chat-actions';

/**
 * MC*: the answers of several models to one question, side by side in columns (tabs on a phone,
 * under the `md` breakpoint), each with its own Stop, usage and cost, and "Continue with this" once
 * all have ended. Wider than the message column on a wide screen, so each answer has room.
 */
export function ComparisonRow({
  chatId,
  comparison,
  messages,
  actions,
}: {
  chatId: string;
  comparison: Comparison;
  messages: ReadonlyMap<string, Message>;
  actions: ChatActions;
}) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const baseId = useId();
  const [tab, setTab] = useState(0);
  const { columns } = comparison;
  const running = columns.some((column) => column.running);
  const pick = (messageId: string, column: ComparisonColumn, model: ModelDescriptor | undefined) => {
    // MC4: the pick shows at once (BR8) with its model in the picker; the columns close, comparing
    // ends, and the toast says which model the chat goes on with.
    const lockedBy = isModelLocked(runtime.active.getState().chat)
      ? runtime.active.getState().chat?.character?.title
      : undefined;
    chatCommands.continueWith(runtime, chatId, messageId, column.modelId, model).catch((error: unknown) => {
      console.error(error);
      notify.error(
        t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    });
    const title = model?.title ?? column.modelId;
    notify.success(
      lockedBy === undefined
        ? t('compare.continuing', { model: title })
        : t('compare.continuingLocked', { agent: lockedBy }),
    );
  };
  return (
    <section
      aria-label={t('compare.columns')}
      className="relative pt-3 pb-2 md:left-1/2 md:w-[min(calc(100cqw-3rem),80rem)] md:-translate-x-1/2"
    >
      <div
        role="tablist"
        aria-label={t('compare.tabs')}
        className="mb-2 flex gap-1 overflow-x-auto md:hidden"
      >
        {columns.map((column, i) => (
          <button
            key={column.messageId}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === tab}
            aria-controls={`${baseId}-col-${i}`}
            onClick={() => setTab(i)}
            className={cn(
              'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-3 text-[13px] font-medium',
              i === tab ? 'bg-accent-soft text-fg' : 'text-fg-muted hover:bg-hover',
            )}
          >
            <ColumnTitle column={column} />
            {column.running && (
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-accent" />
            )}
          </button>
        ))}
      </div>
      <div
        className="gap-3 md:grid"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {columns.map((column, i) => (
          <ColumnView
            key={column.messageId}
            id={`${baseId}-col-${i}`}
            hidden={i !== tab}
            column={column}
            stored={messages.get(column.messageId)}
            actions={actions}
            canPick={!running}
            onPick={pick}
          />
        ))}
      </div>
      {running && <p className="mt-2 text-center text-xs text-fg-subtle">{t('compare.pickHint')}</p>}
    </section>
  );
}

function ColumnView({
  id,
  hidden,
  column,
  stored,
  actions,
  canPick,
  onPick,
}: {
  id: string;
  /** Not the phone's current tab (wide screens show every column). */
  hidden: boolean;
  column: ComparisonColumn;
  stored: Message | undefined;
  actions: ChatActions;
  canPick: boolean;
  onPick: (messageId: string, column: ComparisonColumn, model: ModelDescriptor | undefined) => void;
}) {
  const { t } = useTranslation();
  const live = useStore(column.streaming, (state) => Object.values(state.answers)[0]);
  // A column stopped before anything arrived left no answer (MC2).
  const message = live ? liveMessage(live) : stored;
  const descriptor = useColumnModel(column);
  const model = descriptor?.title ?? column.modelId;
  return (
    <div
      id={id}
      role="group"
      aria-label={t('compare.column', { model })}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border border-line bg-app px-4 pb-3',
        hidden && 'max-md:hidden',
      )}
    >
      {message ? (
        <MessageItem message={message} actions={actions} busy={column.running} isLast={false} live={!!live} />
      ) : (
        <p className="pt-3 pb-2 text-[13px] text-fg-subtle">
          {model} · {t('chat.message.stopped')}
        </p>
      )}
      <div className="mt-auto flex justify-end pt-1">
        {column.running ? (
          <button
            type="button"
            onClick={column.stop}
            aria-label={t('compare.stop', { model })}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-line-strong px-3 text-[13px] font-medium text-fg hover:bg-hover"
          >
            <StopIcon size={14} />
            {t('chat.composer.stop')}
          </button>
        ) : (
          message && (
            <button
              type="button"
              disabled={!canPick}
              onClick={() => onPick(message.id, column, descriptor)}
              className="inline-flex h-8 items-center rounded-lg bg-accent px-3 text-[13px] font-medium text-accent-fg hover:bg-accent-hover disabled:bg-line-strong disabled:text-fg-subtle"
            >
              {t('compare.pick')}
            </button>
          )
        )}
      </div>
    </div>
  );
}

/**
 * The column's model: its descriptor while it answers; a column shown again from the stored chat
 * (MC5) finds it by id, as the message header does (custom models, the catalogue, the live lists).
 */
function useColumnModel(column: ComparisonColumn): ModelDescriptor | undefined {
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const listed = useModelLists((state) => state.known.get(column.modelId));
  return column.model ?? findModel(column.modelId, customModels) ?? listed;
}

function ColumnTitle({ column }: { column: ComparisonColumn }) {
  return useColumnModel(column)?.title ?? column.modelId;
}
