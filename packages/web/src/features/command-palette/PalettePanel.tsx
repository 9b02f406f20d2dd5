import type { ChatSearchResult } from '@parley/core/search';
import { Command } from 'cmdk';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { useAgentsDialog } from '../agents';
import { useChatRuntime, useMessageFocus } from '../chat';
import { useHelpDialog } from '../help';
import { useKeyboardShortcutsDialog } from '../keyboard-shortcuts';
import { LanguageCommands, useLanguageChoiceAllowed } from '../language';
import { useFeatureFlags } from '../license';
import { usePluginsDialog } from '../plugins';
import { PalettePromptItems, usePromptLibraryEnabled, usePromptUi } from '../prompts';
import { useSearchAhead } from '../search';
import { useAdminPanelShown } from '../admin';
import { useSettingsDialog } from '../settings';
import { useTheme } from '../theme';
import { CHAT_RESULTS_LIMIT, ChatResults } from './ChatResults';
import { ModelCommands } from './ModelCommands';
import { matchesQuery, PALETTE_COMMANDS, type PaletteCommandId } from './palette-commands';

const groupHeading =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-fg-subtle';

/** The palette itself: its own chunk (cmdk, search results), loaded when first opened. */
export default function PalettePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const theme = useTheme();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<'root' | 'models' | 'languages'>('root');
  const languageChoice = useLanguageChoiceAllowed();
  const promptLibrary = usePromptLibraryEnabled();
  const adminPanel = useAdminPanelShown();
  const agents = useFeatureFlags((state) => state.flags.pickCharacters);
  const plugins = useFeatureFlags((state) => state.flags.usePlugins);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState('');
  const selectedRef = useRef('');
  const select = (value: string) => {
    selectedRef.current = value;
    setSelected(value);
  };
  // The first item stays selected (Enter opens it, whatever its kind) until the user moves with the
  // arrows or the pointer: chat results arrive after the prompts and commands have shown, and cmdk
  // alone would leave the selection on one of those below them.
  const moved = useRef(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const keepFirstSelected = () => {
      const items = list.querySelectorAll<HTMLElement>('[cmdk-item]');
      const values = Array.from(items, (item) => item.getAttribute('data-value') ?? '');
      if (moved.current && values.includes(selectedRef.current)) return;
      const first = values[0] ?? '';
      if (first !== selectedRef.current) {
        selectedRef.current = first;
        setSelected(first);
      }
    };
    keepFirstSelected();
    // Items come and go in their own renders (results, prompts, commands): watch the list itself.
    const observer = new MutationObserver(keepFirstSelected);
    observer.observe(list, { childList: true, subtree: true, attributeFilter: ['data-value'] });
    return () => observer.disconnect();
  }, []);
  // The query goes to the worker from the keystroke itself, before the render that shows it
  // (decision 0149); the results' own search shares that answer.
  const searchAhead = useSearchAhead({ limit: CHAT_RESULTS_LIMIT });
  const changeQuery = (value: string) => {
    moved.current = false;
    if (page === 'root') searchAhead(value);
    setQuery(value);
  };
  const onListKeys = (event: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(event.key))
      moved.current = true;
    if (event.key === 'Backspace' && query === '' && page !== 'root') {
      moved.current = false;
      setPage('root');
    }
  };
  // Stable, so the rows of an unchanged result are not rendered again on each keystroke.
  const openResult = useCallback(
    (result: ChatSearchResult) => {
      onClose();
      if (result.messageId) useMessageFocus.getState().focus(result.chatId, result.messageId);
      void runtime.active.open(result.chatId);
    },
    [onClose, runtime],
  );

  const run = (id: PaletteCommandId) => {
    if (id === 'switchModel' || id === 'changeLanguage') {
      setPage(id === 'switchModel' ? 'models' : 'languages');
      changeQuery('');
      // A click on the command took focus to the dialog itself: typing filters the models again.
      inputRef.current?.focus();
      return;
    }
    onClose();
    if (id === 'newChat') runtime.active.startNew();
    else if (id === 'settings') useSettingsDialog.getState().open();
    else if (id === 'shortcuts') useKeyboardShortcutsDialog.getState().open();
    else if (id === 'promptLibrary') usePromptUi.getState().openLibrary();
    else if (id === 'openAgents') useAgentsDialog.getState().open();
    else if (id === 'openPlugins') usePluginsDialog.getState().open();
    else if (id === 'openGuide') useHelpDialog.getState().open('guide');
    else if (id === 'openFaq') useHelpDialog.getState().open('faq');
    else if (id === 'whatsNew') useHelpDialog.getState().open('changelog');
    else if (id === 'adminPanel') useSettingsDialog.getState().open('admin');
    else theme.setMode(theme.resolved === 'dark' ? 'light' : 'dark');
  };

  const commands = PALETTE_COMMANDS.filter(
    (id) =>
      (id !== 'changeLanguage' || languageChoice) &&
      (id !== 'promptLibrary' || promptLibrary) &&
      (id !== 'openAgents' || agents) &&
      (id !== 'openPlugins' || plugins) &&
      (id !== 'adminPanel' || adminPanel) &&
      matchesQuery(t(`palette.commands.${id}`), query),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('palette.label')}
      hideTitle
      size="lg"
      className="self-start mt-[12vh]"
    >
      <Command
        shouldFilter={false}
        loop
        label={t('palette.label')}
        value={selected}
        onValueChange={select}
        onKeyDown={onListKeys}
        onPointerMove={() => {
          moved.current = true;
        }}
        className="flex max-h-[min(560px,70vh)] flex-col"
      >
        <Command.Input
          ref={inputRef}
          value={query}
          onValueChange={changeQuery}
          autoFocus
          placeholder={
            page === 'root'
              ? t('palette.input')
              : t(page === 'models' ? 'palette.commands.switchModel' : 'palette.commands.changeLanguage')
          }
          aria-label={t('palette.input')}
          className="h-12 w-full border-b border-line bg-transparent px-4 text-[15px] text-fg outline-none placeholder:text-fg-subtle"
        />
        <Command.List ref={listRef} className={`min-h-0 flex-1 overflow-y-auto p-1.5 ${groupHeading}`}>
          {page === 'models' ? (
            <ModelCommands query={query} onDone={onClose} />
          ) : page === 'languages' ? (
            <LanguageCommands matches={(label) => matchesQuery(label, query)} onDone={onClose} />
          ) : (
            <>
              <ChatResults query={query} selected={selected} listRef={listRef} onOpen={openResult} />
              <PalettePromptItems query={query} onDone={onClose} />
              {commands.length > 0 && (
                <Command.Group heading={t('palette.commandsGroup')}>
                  {commands.map((id) => (
                    <Command.Item
                      key={id}
                      value={`command-${id}`}
                      onSelect={() => run(id)}
                      className="flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm text-fg aria-selected:bg-hover"
                    >
                      {t(`palette.commands.${id}`)}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </>
          )}
        </Command.List>
      </Command>
    </Dialog>
  );
}
