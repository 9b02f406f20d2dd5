import { findModel, ModelDescriptorSchema, type ModelDescriptor } from '@parley/core/models';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { ChevronDownIcon } from '../../ui/icons/shell';
import { isModelLocked } from '@parley/core/chat';
import { chatCommands, useActiveChat, useChatRuntime, useModelChoiceRequest } from '../chat';
import { prefetchAfterFirstScreen, useModelLists, useModelListsStore, useSyncedSettings } from '../../state';
import { ModelPickerPanel } from './picker-panel-part';
import { notify } from '../toasts';

/**
 * The model picker in the top bar: a combobox button whose popup searches and lists the models of
 * every provider (live lists where there is a key, else the catalogue) with context and price. It
 * sets the open chat's model, or the default model for new chats.
 */
export function ModelPicker() {
  const { t } = useTranslation();
  useEffect(() => prefetchAfterFirstScreen(ModelPickerPanel.preload), []);
  const runtime = useChatRuntime();
  const chatModel = useActiveChat((state) => state.chat?.model);
  const chatModelInfo = useActiveChat((state) => state.chat?.modelInfo);
  const chatOpen = useActiveChat((state) => state.activeChatId !== null);
  // AC2: the open chat's agent locked its model; the picker says so instead of opening.
  const lockedBy = useActiveChat((state) =>
    isModelLocked(state.chat) ? state.chat?.character?.title : undefined,
  );
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);
  const currentId = (chatOpen ? chatModel : undefined) ?? defaultModel;
  const listed = useModelLists((state) => state.known.get(currentId));
  const snapshot = ModelDescriptorSchema.safeParse(chatOpen ? chatModelInfo : undefined);
  const current: ModelDescriptor | undefined =
    findModel(currentId, customModels) ??
    listed ??
    (snapshot.success && snapshot.data.id === currentId ? snapshot.data : undefined);
  const lists = useModelListsStore();

  const [open, setOpen] = useState(false);
  const baseId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Once opened, the popup is kept, hidden while closed: opening again only shows it instead of
  // mounting and laying out its list anew (decision 0157). One that could not load is let go.
  const [kept, setKept] = useState(false);

  const openList = () => {
    if (lockedBy !== undefined) {
      notify.blank(t('agents.modelLocked', { agent: lockedBy }));
      return;
    }
    setOpen(true);
    setKept(true);
    // Lists older than a day (or missing) are fetched now; fresh ones are left alone.
    void lists.refresh().catch(() => undefined);
  };
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const choose = (model: ModelDescriptor | undefined) => {
    close();
    if (!model || model.id === currentId) return;
    chatCommands.setModel(runtime, model.id, { ...model }).catch((error: unknown) => {
      console.error(error);
      notify.error(
        t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    });
  };

  // A failed answer whose model is gone asks for another one: open the list, focused, for the chat.
  useModelChoiceRequest(() => {
    triggerRef.current?.focus();
    openList();
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open && ['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openList();
    }
  };

  return (
    <div
      className="relative min-w-0"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={`${baseId}-label`} className="sr-only">
        {t('modelPicker.label')}
      </span>
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        aria-labelledby={`${baseId}-label`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${baseId}-list`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
        className="flex h-9 max-w-full items-center gap-2 rounded-lg pr-2.5 pl-3 text-[15px] font-semibold text-fg transition-colors hover:bg-hover"
      >
        <span id={`${baseId}-value`} className="truncate">
          {current?.title ?? currentId}
        </span>
        <ChevronDownIcon
          size={16}
          className={cn('shrink-0 text-fg-subtle transition-transform', open && 'rotate-180')}
        />
      </button>
      {kept && (
        <ModelPickerPanel
          listId={`${baseId}-list`}
          currentId={currentId}
          keepModel={current}
          anchorRef={triggerRef}
          shown={open}
          onChoose={choose}
          onClose={close}
          onLoadFailed={() => {
            notify.error(t('errors.partFailed'));
            setKept(false);
            close();
          }}
        />
      )}
    </div>
  );
}
