import { findModel } from '@parley/core/models';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { cn } from '../../ui/cn';
import { Tooltip } from '../../ui/Tooltip';
import { preloadMarkdown } from '../markdown';
import { useSettingsDialog } from '../settings';
import { AutoGrowTextarea } from './AutoGrowTextarea';
import { preloadChatSession } from './lazy-chat-session';
import { SendIcon, StopIcon } from '../../ui/icons/chat';
import { useActiveChat, useChatRuntime } from './chat-runtime';
import { useModelLists, useSendKey, useSyncedSettings } from '../../state';
import { isSendPress } from './send-key';
import { comparedWith, moveComparedModels } from './compare-models-store';
import { useComposerInsert, type SlashMenu } from './composer-bridge';
import {
  contentWithAttachments,
  offerFiles,
  pendingAttachments,
  setPendingAttachments,
  usePendingAttachments,
  type ComposerAddon,
} from './composer-attachments';
import { consumeWebSearch, restoreWebSearch, WebSearchButton } from '../tools';
import { VoiceComposerSlot } from '../speech';
import { CreateImageSlot } from './create-image-slot';
import { finishedAnswersOf } from './read-answers-aloud';

/**
 * The message box: Enter sends, Shift+Enter adds a line (or Ctrl/Cmd+Enter sends, as chosen in
 * Settings, General). The text is cleared when the message is
 * accepted and put back when it could not be sent; a draft per chat survives switching chats.
 */
export function Composer({
  slashMenu: SlashMenuPart,
  addon: Addon,
}: { slashMenu?: SlashMenu | undefined; addon?: ComposerAddon | undefined } = {}) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const chatId = useActiveChat((state) => state.activeChatId);
  const chatModel = useActiveChat((state) => state.chat?.model);
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const answering = useStore(runtime.streaming, (state) => (chatId ? chatId in state.answers : false));
  // MC*: several models answering side by side; Stop here stops them all.
  const comparing = useStore(runtime.comparisons, (state) =>
    chatId ? (state.byChat[chatId]?.columns.some((column) => column.running) ?? false) : false,
  );
  const streaming = answering || comparing;
  const draftKey = chatId ?? '';
  const [text, setText] = useState(() => runtime.drafts.get(draftKey) ?? '');
  const currentText = text;
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const sendKey = useSendKey();
  const slash = useSlashMenu(text, !!SlashMenuPart);
  const attached = usePendingAttachments(chatId ?? '');
  const finishedAnswers = useMemo(() => finishedAnswersOf(runtime), [runtime]);

  // Another chat: its own draft, and the cursor in the box.
  const [shownKey, setShownKey] = useState(draftKey);
  if (shownKey !== draftKey) {
    setShownKey(draftKey);
    setText(runtime.drafts.get(draftKey) ?? '');
  }
  useEffect(() => {
    textareaRef.current?.focus();
  }, [draftKey]);

  const updateText = (value: string) => {
    // Typing is the moment to fetch the streaming and markdown code, before Send needs them.
    if (value !== '' && text === '') {
      preloadChatSession();
      preloadMarkdown();
    }
    setText(value);
    runtime.drafts.set(draftKey, value);
  };

  /** Sends the box's text, or `typed` when given (dictated words sent at once). */
  const send = async (typed?: string) => {
    const text = typed ?? currentText;
    const message = text.trim();
    const files = pendingAttachments(draftKey);
    if ((message === '' && files.length === 0) || sending || streaming) return;
    setSending(true);
    updateText('');
    setPendingAttachments(draftKey, []);
    // Web search is on for this message's turn only (the composer's globe button).
    const searching = consumeWebSearch();
    try {
      const outcome = await runtime.session.send(
        chatId,
        contentWithAttachments(message, files),
        comparedWith(draftKey),
      );
      if (!outcome.ok) {
        restoreWebSearch(searching);
        // Not sent: the text and the files come back, unless the user has started typing something else.
        setText((current) => (current === '' ? text : current));
        runtime.drafts.set(draftKey, text);
        setPendingAttachments(draftKey, [...files, ...pendingAttachments(draftKey)]);
        // A key is missing: the notice says which, and Settings opens where it goes.
        const notice = outcome.notice;
        if (notice?.kind === 'missing-key') useSettingsDialog.getState().open('apiKeys', notice.provider);
        if (notice?.kind === 'missing-secret') useSettingsDialog.getState().open('customModels');
      } else if (outcome.chatId !== chatId) {
        runtime.drafts.delete('');
        moveComparedModels('', outcome.chatId);
      }
    } catch (error) {
      console.error('sending failed', error);
      setText((current) => (current === '' ? text : current));
      setPendingAttachments(draftKey, [...files, ...pendingAttachments(draftKey)]);
    } finally {
      setSending(false);
    }
  };

  // Text another feature puts in the box (a library prompt): after what is there, or instead of it.
  const insert = useComposerInsert((state) => state.request);
  const [insertedSeq, setInsertedSeq] = useState(insert?.seq ?? 0);
  if (insert && insert.seq !== insertedSeq) {
    setInsertedSeq(insert.seq);
    const next = insert.mode === 'replace' || text.trim() === '' ? insert.text : `${text}\n\n${insert.text}`;
    setText(next);
    runtime.drafts.set(draftKey, next);
  }
  useEffect(() => {
    if (insertedSeq > 0) textareaRef.current?.focus();
  }, [insertedSeq]);

  // Dictated words go after what is in the box (read from the box: typing may have gone on meanwhile).
  const addSpokenText = (words: string, sendNow: boolean) => {
    const typed = textareaRef.current?.value ?? text;
    const next = typed.trim() === '' ? words : `${typed.replace(/\s+$/, '')} ${words}`;
    if (sendNow) return void send(next);
    updateText(next);
    textareaRef.current?.focus();
  };

  const listed = useModelLists((state) => state.known.get(chatModel ?? defaultModel));
  const model = findModel(chatModel ?? defaultModel, customModels) ?? listed;
  const canSend = (text.trim() !== '' || attached.length > 0) && !sending;
  return (
    <form
      className={cn(
        'relative rounded-2xl border border-line-strong bg-raised p-2 shadow-xs focus-within:border-accent',
        Addon ? 'pl-2' : 'pl-4',
      )}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {Addon && <Addon draftKey={draftKey} model={model} place="tray" />}
      <div className="flex items-end gap-2">
        {Addon && <Addon draftKey={draftKey} model={model} place="button" />}
        <AutoGrowTextarea
          ref={textareaRef}
          aria-label={t('chat.composer.label')}
          placeholder={t('chat.composer.placeholder', { model: model?.title ?? chatModel ?? defaultModel })}
          value={text}
          onChange={(event) => updateText(event.target.value)}
          onPaste={(event) => {
            // Pasted images and files are added to the message; pasted text goes in as usual.
            const files = Array.from(event.clipboardData.files);
            if (files.length > 0 && offerFiles(files)) event.preventDefault();
          }}
          {...slash.boxProps}
          onKeyDown={(event) => {
            if (slash.handleKey(event)) return;
            if (isSendPress(event.nativeEvent, sendKey)) {
              event.preventDefault();
              void send();
            }
          }}
          className="max-h-[40dvh] py-1.5"
        />
        {SlashMenuPart && slash.menuProps && <SlashMenuPart {...slash.menuProps} />}
        <WebSearchButton />
        <CreateImageSlot chatId={chatId} />
        <VoiceComposerSlot onText={addSpokenText} finishedAnswers={finishedAnswers} />
        {streaming ? (
          <Tooltip content={t('chat.composer.stop')} side="top" decorative>
            <button
              type="button"
              aria-label={t('chat.composer.stop')}
              onClick={() => chatId && runtime.session.stop(chatId)}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-fg text-app transition-opacity hover:opacity-85"
            >
              <StopIcon size={18} />
            </button>
          </Tooltip>
        ) : (
          <Tooltip content={t('chat.composer.hint')} side="top" decorative>
            <button
              type="submit"
              aria-label={t('chat.composer.send')}
              disabled={!canSend}
              className={cn(
                'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-fg shadow-sm transition-colors',
                'hover:bg-accent-hover disabled:bg-line-strong disabled:text-fg-subtle disabled:shadow-none',
              )}
            >
              <SendIcon size={18} />
            </button>
          </Tooltip>
        )}
      </div>
    </form>
  );
}

/** The `/` menu: open while the text starts with `/` on one line, until Escape dismisses it. */
function useSlashMenu(text: string, hasMenu: boolean) {
  const listId = useId();
  const keyHandlerRef = useRef<((event: KeyboardEvent<HTMLTextAreaElement>) => boolean) | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  const wanted = hasMenu && text.startsWith('/') && !text.includes('\n');
  if (!wanted && dismissed) setDismissed(false);
  const open = wanted && !dismissed;
  return {
    handleKey: (event: KeyboardEvent<HTMLTextAreaElement>) => open && !!keyHandlerRef.current?.(event),
    boxProps: open
      ? {
          role: 'combobox',
          'aria-expanded': true,
          'aria-controls': listId,
          'aria-autocomplete': 'list' as const,
          'aria-activedescendant': activeId,
        }
      : {},
    menuProps: open
      ? {
          query: text.slice(1),
          keyHandlerRef,
          listId,
          onActiveOption: setActiveId,
          onDismiss: () => setDismissed(true),
        }
      : null,
  };
}
