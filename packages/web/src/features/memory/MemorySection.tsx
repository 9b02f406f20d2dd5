import { parseMemoryEntry, type MemoryEntry } from '@parley/core/entities';
import { searchMemory } from '@parley/core/persona';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { usePlatformServices, useRecordList, useSyncedSetting } from '../../state';
import { notify } from '../toasts';

/** Settings, Memory: the global memory switch and the entries (list, search, add, edit, delete). */
export default function MemorySection() {
  const { t } = useTranslation();
  const { store, ids } = usePlatformServices();
  const memory = useSyncedSetting('enableGlobalMemory');
  const entries = useRecordList('memory');
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);

  const run = (work: Promise<unknown>, done?: string) =>
    work
      .then(() => done && notify.success(done))
      .catch((error: unknown) => {
        console.error('saving memory failed', error);
        notify.error(t('memory.section.saveFailed'));
      });
  const add = () => {
    const content = draft.trim();
    if (content === '') return;
    setDraft('');
    void run(store.memory.put(parseMemoryEntry({ id: `memory-${ids.randomId()}`, content })));
  };
  const saveEdit = (entry: MemoryEntry) => {
    const content = editing?.text.trim() ?? '';
    setEditing(null);
    if (content === '' || content === entry.content) return;
    void run(store.memory.put({ ...entry, content }));
  };
  const shown = searchMemory(entries ?? [], query)
    .slice()
    .reverse();

  return (
    <div className="flex flex-col gap-5">
      <Switch
        label={t('memory.section.switch')}
        hint={t('memory.section.switchHint')}
        checked={memory.value}
        onCheckedChange={(checked) => void memory.save(checked)}
      />
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextAreaField
          label={t('memory.section.newLabel')}
          placeholder={t('memory.section.newPlaceholder')}
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
            {t('memory.section.add')}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-2">
        <div className="flex items-end justify-between gap-3">
          <TextField
            className="flex-1"
            type="search"
            label={t('memory.section.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <span className="pb-2 text-[13px] text-fg-subtle">
            {t('memory.section.count', { count: entries?.length ?? 0 })}
          </span>
        </div>
        {shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
            {entries && entries.length > 0 ? t('memory.section.noMatch') : t('memory.section.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((entry) =>
              editing?.id === entry.id ? (
                <li
                  key={entry.id}
                  className="flex flex-col gap-2 rounded-xl border border-line bg-raised p-3"
                >
                  <TextAreaField
                    label={t('memory.section.editLabel')}
                    rows={2}
                    autoFocus
                    value={editing.text}
                    onChange={(event) => setEditing({ id: entry.id, text: event.target.value })}
                  />
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                      {t('memory.section.cancel')}
                    </Button>
                    <Button size="sm" variant="primary" onClick={() => saveEdit(entry)}>
                      {t('memory.section.save')}
                    </Button>
                  </div>
                </li>
              ) : (
                <li
                  key={entry.id}
                  className="flex items-start gap-2 rounded-xl border border-line bg-raised px-4 py-2.5"
                >
                  <p className="min-w-0 flex-1 py-1 text-sm break-words text-fg">{entry.content}</p>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing({ id: entry.id, text: entry.content })}
                  >
                    {t('memory.section.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    onClick={() => void run(store.memory.delete(entry.id), t('memory.section.deleted'))}
                  >
                    {t('memory.section.delete')}
                  </Button>
                </li>
              ),
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
