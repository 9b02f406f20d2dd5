import { findModel, formatContextLength, formatPricePer1k, type ModelDescriptor } from '@parley/core/models';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { cn } from '../../ui/cn';
import { ChevronDownIcon } from '../../ui/icons/shell';
import { isModelLocked } from '@parley/core/chat';
import { chatCommands, useActiveChat, useChatRuntime, useModelChoiceRequest } from '../chat';
import { useSyncedSettings } from '../../state';
import { notify } from '../toasts';
import { groupModels, listModels } from './model-options';

/**
 * The model picker in the top bar: a select-only combobox (ARIA 1.2) whose list shows each model's
 * context length and price. It sets the open chat's model, or the default model for new chats.
 */
export function ModelPicker() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const chatModel = useActiveChat((state) => state.chat?.model);
  const chatOpen = useActiveChat((state) => state.activeChatId !== null);
  // AC2: the open chat's agent locked its model; the picker says so instead of opening.
  const lockedBy = useActiveChat((state) =>
    isModelLocked(state.chat) ? state.chat?.character?.title : undefined,
  );
  const settings = useSyncedSettings((state) => state.values);
  const currentId = (chatOpen ? chatModel : undefined) ?? settings.defaultModel;
  const current = findModel(currentId, settings.customModels);
  const models = listModels({
    customModels: settings.customModels,
    order: settings.modelIDsOrder,
    hidden: settings.hiddenModelIDs,
    keep: currentId,
  });
  const groups = groupModels(models);

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const baseId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const place = useAnchoredPopover(triggerRef, open, { width: 380, maxHeight: 520 });
  const placed = place !== undefined;

  const openList = () => {
    if (lockedBy !== undefined) {
      notify.blank(t('agents.modelLocked', { agent: lockedBy }));
      return;
    }
    setActiveIndex(
      Math.max(
        0,
        models.findIndex((model) => model.id === currentId),
      ),
    );
    setOpen(true);
  };
  const choose = (model: ModelDescriptor | undefined) => {
    setOpen(false);
    triggerRef.current?.focus();
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

  // Only the list scrolls to the active option (scrollIntoView would also scroll the page behind).
  useEffect(() => {
    const list = listRef.current;
    const option = document.getElementById(optionId(activeIndex));
    if (!placed || !list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable baseId
  }, [placed, activeIndex]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = models.length - 1;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, activeIndex + 8),
      PageUp: Math.max(0, activeIndex - 8),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(models[activeIndex]);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: the next model whose title starts with the letter.
      const letter = event.key.toLowerCase();
      const order = [...models.slice(activeIndex + 1), ...models.slice(0, activeIndex + 1)];
      const match = order.find((model) => model.title.toLowerCase().startsWith(letter));
      if (match) setActiveIndex(models.indexOf(match));
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
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
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
      {open && place && (
        <div
          ref={listRef}
          id={`${baseId}-list`}
          role="listbox"
          aria-label={t('modelPicker.listLabel')}
          tabIndex={-1}
          style={place}
          className="z-40 overflow-y-auto rounded-xl border border-line bg-raised p-1.5 shadow-popover"
          onMouseDown={(event) => event.preventDefault()}
        >
          {groups.map((group) => (
            <div key={group.provider} role="group" aria-labelledby={`${baseId}-group-${group.provider}`}>
              <div
                id={`${baseId}-group-${group.provider}`}
                className="px-2.5 pt-2 pb-1 text-xs font-medium text-fg-subtle"
              >
                {t(`modelPicker.groups.${group.provider}`)}
              </div>
              {group.models.map((model) => {
                const at = models.indexOf(model);
                const selected = model.id === currentId;
                return (
                  <div
                    key={model.id}
                    id={optionId(at)}
                    role="option"
                    aria-selected={selected}
                    aria-labelledby={`${optionId(at)}-title`}
                    aria-describedby={`${optionId(at)}-facts`}
                    onClick={() => choose(model)}
                    onMouseMove={() => setActiveIndex(at)}
                    className={cn(
                      'flex cursor-pointer flex-col gap-0.5 rounded-lg px-2.5 py-2',
                      at === activeIndex && 'bg-hover',
                      selected && 'text-accent',
                    )}
                  >
                    <span id={`${optionId(at)}-title`} className="text-sm font-medium">
                      {model.title}
                    </span>
                    <ModelFacts id={`${optionId(at)}-facts`} model={model} />
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function ModelFacts({ id, model }: { id: string; model: ModelDescriptor }) {
  const { t, i18n } = useTranslation();
  return (
    <span id={id} className="flex flex-wrap gap-x-2 text-xs text-fg-subtle">
      <span>
        {t('modelPicker.contextLength', {
          tokens: formatContextLength(model.contextLength, i18n.language),
        })}
      </span>
      <span aria-hidden="true">·</span>
      <span>
        {model.pricing
          ? t('modelPicker.price', {
              prompt: formatPricePer1k(model.pricing.prompt),
              completion: formatPricePer1k(model.pricing.completion),
            })
          : t('modelPicker.noPrice')}
      </span>
    </span>
  );
}
