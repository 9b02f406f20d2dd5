import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { ChevronDownIcon } from '../../ui/icons/shell';
import { cn } from '../../ui/cn';
import { useSyncedSetting, useSyncedSettings } from '../../state';
import { notify } from '../toasts';
import { groupOf, orderModels, PROVIDER_ORDER, searchModels } from './model-options';
import { moveWithinGroup, toggleHidden } from './model-order';
import { useModelDirectory } from './use-model-directory';

/**
 * Settings → Models: which models the picker offers (hiddenModelIDs) and in what order
 * (modelIDsOrder), both synced. Move buttons, or Alt+Arrow keys on a row, reorder within a provider.
 */
export function ModelsSection() {
  const { t } = useTranslation();
  const directory = useModelDirectory(false);
  const hidden = useSyncedSetting('hiddenModelIDs');
  const order = useSyncedSetting('modelIDsOrder');
  const loaded = useSyncedSettings((state) => state.loaded);
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const ordered = useMemo(() => {
    const byOrder = orderModels(directory, order.value);
    // Shown as the picker groups them: provider by provider.
    return PROVIDER_ORDER.flatMap((provider) => byOrder.filter((entry) => groupOf(entry.model) === provider));
  }, [directory, order.value]);
  const shown = searchModels(ordered, query);
  const hiddenSet = new Set(hidden.value);

  const failed = (error: unknown) =>
    notify.error(
      t('modelsSection.saveFailed', { message: error instanceof Error ? error.message : String(error) }),
    );

  const move = (id: string, title: string, delta: -1 | 1) => {
    const items = ordered.map((entry) => ({ id: entry.model.id, group: groupOf(entry.model) }));
    const next = moveWithinGroup(items, id, delta);
    if (!next) return;
    const inGroup = items.filter((item) => item.group === items.find((i) => i.id === id)?.group);
    const position = next.filter((other) => inGroup.some((item) => item.id === other)).indexOf(id) + 1;
    setAnnouncement(t('modelsSection.moved', { title, position, count: inGroup.length }));
    order.save(next).catch(failed);
  };

  const onRowKey = (event: KeyboardEvent, id: string, title: string) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(id, title, event.key === 'ArrowUp' ? -1 : 1);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('modelsSection.description')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t('modelsSection.search')}
          placeholder={t('modelPicker.searchPlaceholder')}
          className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-app px-3 text-sm text-fg placeholder:text-fg-subtle"
        />
        <Button
          variant="secondary"
          disabled={!loaded || (order.value.length === 0 && hidden.value.length === 0)}
          onClick={() => {
            Promise.all([order.save(null), hidden.save(null)])
              .then(() => notify.success(t('modelsSection.resetDone')))
              .catch(failed);
          }}
        >
          {t('modelsSection.reset')}
        </Button>
      </div>
      <p className="text-xs text-fg-subtle">{t('modelsSection.keyboardHint')}</p>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
      {PROVIDER_ORDER.map((provider) => {
        const rows = shown.filter((entry) => groupOf(entry.model) === provider);
        if (rows.length === 0) return null;
        const group = ordered.filter((entry) => groupOf(entry.model) === provider);
        return (
          <section key={provider} aria-labelledby={`models-${provider}`} className="flex flex-col gap-1">
            <h3 id={`models-${provider}`} className="text-[13px] font-medium text-fg">
              {t(`modelPicker.groups.${provider}`)}
            </h3>
            <ul
              aria-labelledby={`models-${provider}`}
              className="flex flex-col divide-y divide-line rounded-xl border border-line"
            >
              {rows.map(({ model }) => {
                const at = group.findIndex((entry) => entry.model.id === model.id);
                const visible = !hiddenSet.has(model.id);
                return (
                  <li
                    key={model.id}
                    onKeyDown={(event) => onRowKey(event, model.id, model.title)}
                    className={cn('flex items-center gap-2 px-3 py-1.5', !visible && 'opacity-60')}
                  >
                    <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5">
                      <input
                        type="checkbox"
                        checked={visible}
                        onChange={(event) =>
                          hidden
                            .save(toggleHidden(hidden.value, model.id, !event.target.checked))
                            .catch(failed)
                        }
                        aria-label={t('modelsSection.showInPicker', { title: model.title })}
                      />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate text-sm text-fg">{model.title}</span>
                        <span className="truncate text-xs text-fg-subtle">{model.modelID}</span>
                      </span>
                    </label>
                    <button
                      type="button"
                      disabled={at <= 0}
                      onClick={() => move(model.id, model.title, -1)}
                      aria-label={t('modelsSection.moveUp', { title: model.title })}
                      className="grid size-7 place-items-center rounded-md text-fg-muted hover:bg-hover disabled:opacity-30"
                    >
                      <ChevronDownIcon size={14} className="rotate-180" />
                    </button>
                    <button
                      type="button"
                      disabled={at < 0 || at >= group.length - 1}
                      onClick={() => move(model.id, model.title, 1)}
                      aria-label={t('modelsSection.moveDown', { title: model.title })}
                      className="grid size-7 place-items-center rounded-md text-fg-muted hover:bg-hover disabled:opacity-30"
                    >
                      <ChevronDownIcon size={14} />
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
