import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { useRecordList } from '../../state';
import type { SlashMenuProps } from '../chat';
import { choosePrompt } from './choose-prompt';
import { COMMUNITY_PROMPTS } from './community-prompts';
import { rankPrompts } from './prompt-search';
import { usePromptUi } from './prompt-ui-store';
import { useCommunityPromptsEnabled } from './prompt-library-flag';

const MAX_SHOWN = 8;

/** The prompts matching what follows `/`, chosen with the arrows and Enter, closed with Escape. */
export default function SlashMenuList({
  query,
  keyHandlerRef,
  listId,
  onActiveOption,
  onDismiss,
}: SlashMenuProps) {
  const { t } = useTranslation();
  const prompts = useRecordList('prompts');
  const communityPrompts = useCommunityPromptsEnabled();
  const all = [...(prompts ?? []), ...(communityPrompts ? COMMUNITY_PROMPTS : [])];
  const shown = rankPrompts(all, query).slice(0, MAX_SHOWN);
  const [active, setActive] = useState(0);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setActive(0);
  }
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (index: number) => {
    const prompt = shown[index];
    if (!prompt) return;
    onDismiss();
    choosePrompt(prompt, 'replace');
  };

  useEffect(() => {
    onActiveOption(shown.length > 0 ? optionId(activeIndex) : undefined);
  });
  useEffect(() => {
    keyHandlerRef.current = (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onDismiss();
        return true;
      }
      if (shown.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + shown.length) % shown.length);
        return true;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        choose(activeIndex);
        return true;
      }
      return false;
    };
  });
  useEffect(
    () => () => {
      keyHandlerRef.current = null;
      onActiveOption(undefined);
    },
    [keyHandlerRef, onActiveOption],
  );

  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-xl border border-line bg-raised shadow-popover">
      <p className="border-b border-line px-3 py-1.5 text-xs text-fg-subtle">{t('prompts.slash.heading')}</p>
      {shown.length === 0 ? (
        <p className="px-3 py-2.5 text-[13px] text-fg-subtle">
          {t('prompts.slash.none')}{' '}
          <button
            type="button"
            className="font-medium text-accent underline-offset-2 hover:underline"
            onClick={() => {
              onDismiss();
              usePromptUi.getState().openLibrary();
            }}
          >
            {t('prompts.slash.openLibrary')}
          </button>
        </p>
      ) : (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('prompts.slash.label')}
          className="max-h-72 overflow-y-auto p-1"
        >
          {shown.map((prompt, index) => (
            <li
              key={prompt.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'cursor-pointer rounded-lg px-3 py-2',
                index === activeIndex ? 'bg-hover' : undefined,
              )}
            >
              <span className="block truncate text-sm font-medium text-fg">{prompt.title}</span>
              <span className="block truncate text-xs text-fg-subtle">{prompt.content}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
