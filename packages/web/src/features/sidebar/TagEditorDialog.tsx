import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { tagsInUse } from '../organise';
import { useLibrary } from './organise-context';
import { useOrganiseActions } from './use-organise-actions';

/**
 * Adds and removes tags on one chat or several (the tags shown are those any of them carries).
 * Suggestions are the tags already in use, most used first.
 */
export function TagEditorDialog({ chatIds, onClose }: { chatIds: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const chats = useLibrary((state) => state.chats);
  const [draft, setDraft] = useState('');
  const listId = useId();
  const chosen = useMemo(() => {
    const ids = new Set(chatIds);
    return tagsInUse((chats ?? []).filter((chat) => ids.has(chat.id)));
  }, [chats, chatIds]);
  const suggestions = useMemo(
    () =>
      tagsInUse((chats ?? []).filter((chat) => chat.deletedAt === null)).filter(
        (tag) => !chosen.includes(tag),
      ),
    [chats, chosen],
  );
  const add = (name: string) => {
    if (name.trim() === '') return;
    void actions.addTag(chatIds, name.trim());
    setDraft('');
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('organise.tagDialog.title')}
      description={t('organise.tagDialog.description', { count: chatIds.length })}
    >
      <div className="flex flex-col gap-4 p-5 pt-3">
        {chosen.length > 0 && (
          <ul className="flex flex-wrap gap-1.5">
            {chosen.map((tag) => (
              <li
                key={tag}
                className="flex h-7 items-center gap-1 rounded-full bg-accent-soft pr-1 pl-2.5 text-[13px] font-medium text-accent-soft-fg"
              >
                {tag}
                <button
                  type="button"
                  aria-label={t('organise.tagDialog.remove', { name: tag })}
                  onClick={() => void actions.removeTag(chatIds, tag)}
                  className="flex size-5 items-center justify-center rounded-full hover:bg-hover"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            add(draft);
          }}
        >
          <TextField
            label={t('organise.tagDialog.input')}
            placeholder={t('organise.tagDialog.placeholder')}
            value={draft}
            list={listId}
            autoFocus
            className="flex-1"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
            {t('organise.tagDialog.add')}
          </Button>
        </form>
        <datalist id={listId}>
          {suggestions.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        {suggestions.length > 0 && (
          <div>
            <p className="mb-1.5 text-xs font-medium text-fg-subtle">{t('organise.tagDialog.suggestions')}</p>
            <div className="flex flex-wrap gap-1">
              {suggestions.slice(0, 12).map((tag) => (
                <button
                  key={tag}
                  type="button"
                  onClick={() => add(tag)}
                  className="h-6 rounded-full bg-sunken px-2 text-xs font-medium text-fg-muted ring-1 ring-line hover:text-fg"
                >
                  + {tag}
                </button>
              ))}
            </div>
          </div>
        )}
        <div className="flex justify-end">
          <Button type="button" onClick={onClose}>
            {t('organise.tagDialog.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
