import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { chatCommands, useChatRuntime } from '../chat';
import { useSyncedSettings } from '../../state';
import { listModels, useModelDirectory } from '../model-picker';
import { notify } from '../toasts';
import { matchesQuery } from './palette-commands';

/** The palette's "Switch model" page: the models the picker lists, filtered by the query. */
export function ModelCommands({ query, onDone }: { query: string; onDone: () => void }) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const settings = useSyncedSettings((state) => state.values);
  const directory = useModelDirectory(false);
  const models = listModels({
    directory,
    customModels: settings.customModels,
    order: settings.modelIDsOrder,
    hidden: settings.hiddenModelIDs,
  }).filter((model) => matchesQuery(`${model.title} ${model.id}`, query));
  return (
    <Command.Group heading={t('palette.modelsGroup')}>
      {models.map((model) => (
        <Command.Item
          key={model.id}
          value={`model-${model.id}`}
          onSelect={() => {
            onDone();
            chatCommands.setModel(runtime, model.id, { ...model }).catch((error: unknown) => {
              notify.error(
                t('organise.toasts.failed', {
                  message: error instanceof Error ? error.message : String(error),
                }),
              );
            });
          }}
          className="flex h-9 cursor-pointer items-center justify-between gap-2 rounded-lg px-3 text-sm text-fg aria-selected:bg-hover"
        >
          <span className="truncate">{model.title}</span>
          <span className="shrink-0 text-xs text-fg-subtle">{model.id}</span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}
