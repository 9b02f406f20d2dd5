import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { tagsInUse, type TagFilterMode } from '../organise';
import { useLibrary } from './organise-context';
import { useSidebarUi } from './sidebar-ui-store';

const MODES: readonly TagFilterMode[] = ['ALL', 'WITH_TAGS'];

/** Pick tags and how they combine: every selected tag (ALL) or any of them (WITH_TAGS). */
export function TagFilterBar() {
  const { t } = useTranslation();
  const chats = useLibrary((state) => state.chats);
  const filter = useSidebarUi((state) => state.tagFilter);
  const setFilter = useSidebarUi((state) => state.setTagFilter);
  const tags = useMemo(() => tagsInUse((chats ?? []).filter((chat) => chat.deletedAt === null)), [chats]);
  const toggleTag = (tag: string) =>
    setFilter({
      ...filter,
      tags: filter.tags.includes(tag) ? filter.tags.filter((name) => name !== tag) : [...filter.tags, tag],
    });
  return (
    <section
      aria-label={t('sidebar.tagFilter.label')}
      className="rounded-lg border border-line bg-raised p-2"
    >
      <div role="radiogroup" aria-label={t('sidebar.tagFilter.mode')} className="mb-2 flex gap-1">
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={filter.mode === mode}
            onClick={() => setFilter({ ...filter, mode })}
            className={cn(
              'h-6 rounded-md px-2 text-xs font-medium',
              filter.mode === mode ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-hover',
            )}
          >
            {t(`sidebar.tagFilter.${mode}`)}
          </button>
        ))}
        <button
          type="button"
          onClick={() => setFilter({ mode: 'NONE', tags: [] })}
          className="ml-auto h-6 rounded-md px-2 text-xs text-fg-muted hover:bg-hover"
        >
          {t('sidebar.tagFilter.clear')}
        </button>
      </div>
      {tags.length === 0 ? (
        <p className="text-xs text-fg-subtle">{t('sidebar.tagFilter.noTags')}</p>
      ) : (
        <div className="flex max-h-24 flex-wrap gap-1 overflow-y-auto">
          {tags.map((tag) => (
            <button
              key={tag}
              type="button"
              aria-pressed={filter.tags.includes(tag)}
              onClick={() => toggleTag(tag)}
              className={cn(
                'h-6 max-w-full truncate rounded-full px-2 text-xs font-medium ring-1',
                filter.tags.includes(tag)
                  ? 'bg-accent-soft text-accent-soft-fg ring-accent'
                  : 'bg-sunken text-fg-muted ring-line hover:text-fg',
              )}
            >
              {tag}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
