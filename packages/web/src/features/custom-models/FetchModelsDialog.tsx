import {
  compatibleBaseFromEndpoint,
  fetchModelList,
  type ModelListEntry,
  type ModelListError,
} from '@parley/core/model-lists';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useModelLists, usePlatformServices } from '../../state';
import type { CustomModel } from './custom-model-draft';
import { customModelsFromList } from './fetched-models';

/** One empty list, so the store selector returns the same value each time. */
const NO_ENTRIES: readonly ModelListEntry[] = [];

type Fetched = { entries: ModelListEntry[]; truncated: boolean };

/**
 * Settings → Custom models → Fetch models: lists an OpenAI-compatible endpoint's /models (Ollama,
 * LM Studio, vLLM, llama.cpp...) and adds the chosen ones as custom models.
 */
export function FetchModelsDialog({
  open,
  onClose,
  existing,
  newId,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  existing: readonly CustomModel[];
  newId: () => string;
  onAdd: (models: CustomModel[]) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { fetch } = usePlatformServices();
  const openRouter = useModelLists((state) => state.lists.openrouter?.entries) ?? NO_ENTRIES;
  const [endpoint, setEndpoint] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ModelListError | null>(null);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);

  const taken = new Set(
    existing.filter((model) => model.endpoint?.startsWith(endpoint.trim())).map((m) => m.modelID),
  );
  const shown = (fetched?.entries ?? []).filter((entry) => showAll || entry.chat);

  const run = async () => {
    setBusy(true);
    setError(null);
    setFetched(null);
    const result = await fetchModelList(fetch, {
      provider: 'custom',
      base: compatibleBaseFromEndpoint(endpoint),
      apiKey: apiKey.trim() || undefined,
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setFetched({ entries: result.entries, truncated: result.truncated });
    setChosen(new Set());
  };

  const add = async () => {
    const entries = (fetched?.entries ?? []).filter((entry) => chosen.has(entry.id));
    const models = customModelsFromList({ entries, endpoint, apiKey, openRouter, newId });
    if (await onAdd(models)) onClose();
  };

  const host = (() => {
    try {
      return new URL(endpoint).host;
    } catch {
      return endpoint;
    }
  })();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('customModels.fetch.title')}
      description={t('customModels.fetch.intro')}
    >
      <form
        className="flex flex-col gap-3 px-5 pt-4 pb-4"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <TextField
          label={t('customModels.fetch.endpoint')}
          hint={t('customModels.fetch.endpointHint')}
          placeholder={t('customModels.endpointPlaceholder')}
          type="url"
          required
          value={endpoint}
          onChange={(event) => setEndpoint(event.target.value)}
        />
        <TextField
          label={t('customModels.fetch.apiKey')}
          hint={t('customModels.fetch.apiKeyHint')}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <Button type="submit" className="self-start" disabled={busy || endpoint.trim() === ''}>
          {busy ? t('customModels.fetch.fetching') : t('customModels.fetch.fetch')}
        </Button>
        {error && (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg">
            {t(`modelPicker.errors.${error.code}`, { provider: host, status: error.status ?? '' })}
          </p>
        )}
        {fetched && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg">
              {t('customModels.fetch.found', { count: shown.length })}
            </legend>
            <label className="flex items-center gap-2 text-xs text-fg-muted">
              <input
                type="checkbox"
                checked={showAll}
                onChange={(event) => setShowAll(event.target.checked)}
              />
              {t('modelPicker.showAll')}
            </label>
            {fetched.truncated && (
              <p className="text-xs text-fg-muted">
                {t('customModels.fetch.truncated', { count: fetched.entries.length })}
              </p>
            )}
            <ul className="flex max-h-64 flex-col overflow-y-auto rounded-lg border border-line">
              {shown.map((entry) => (
                <li key={entry.id} className="border-b border-line px-3 py-1.5 last:border-0">
                  <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
                    <input
                      type="checkbox"
                      disabled={taken.has(entry.id)}
                      checked={chosen.has(entry.id)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(entry.id);
                        else next.delete(entry.id);
                        setChosen(next);
                      }}
                    />
                    <span className="truncate">{entry.id}</span>
                    {taken.has(entry.id) && (
                      <span className="text-xs text-fg-subtle">{t('customModels.fetch.added')}</span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={chosen.size === 0} onClick={() => void add()}>
            {t('customModels.fetch.add', { count: chosen.size })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
