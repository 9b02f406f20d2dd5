import {
  GOOGLE_SEARCH_ENDPOINT,
  MAX_SEARCH_RESULTS,
  pluginSecretId,
  searchResultCount,
  WEB_SEARCH_PLUGIN_ID,
} from '@parley/core/plugins';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { useKeyVault, useSyncedSetting } from '../../state';
import { notify } from '../toasts';

type Engine = 'google' | 'searxng';
const API_KEY_ID = pluginSecretId(WEB_SEARCH_PLUGIN_ID, 'searchEngineAPIKey');

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Settings → Web search (tools SPEC WS3, WS4): the engine (synced `searchEngine`), Google's engine
 * id and endpoint and the SearXNG address (the web search plugin's synced settings), and Google's
 * API key (a password setting: kept in the key vault, never synced in clear).
 */
export function WebSearchSection() {
  const { t } = useTranslation();
  const engineSetting = useSyncedSetting('searchEngine');
  const pluginSettings = useSyncedSetting('userPluginSettings');
  const storedKey = useKeyVault((state) => state.secrets[API_KEY_ID] ?? '');
  const updateSecrets = useKeyVault((state) => state.updateCustomSecrets);
  const stored = pluginSettings.value[WEB_SEARCH_PLUGIN_ID] ?? {};
  const [engine, setEngine] = useState<Engine>(engineSetting.value === 'searxng' ? 'searxng' : 'google');
  const [engineId, setEngineId] = useState(text(stored.searchEngineID));
  const [apiKey, setApiKey] = useState(storedKey);
  const [endpoint, setEndpoint] = useState(text(stored.googleEndpoint));
  const [searxngURL, setSearxngURL] = useState(text(stored.searxngURL));
  const [resultCount, setResultCount] = useState(String(searchResultCount(stored.resultCount)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { searchEngineAPIKey: _legacyKey, ...rest } = stored;
      await pluginSettings.save({
        ...pluginSettings.value,
        [WEB_SEARCH_PLUGIN_ID]: {
          ...rest,
          searchEngineID: engineId.trim(),
          googleEndpoint: endpoint.trim(),
          searxngURL: searxngURL.trim(),
          resultCount: searchResultCount(resultCount),
        },
      });
      await engineSetting.save(engine);
      await updateSecrets((current) => ({ ...current, [API_KEY_ID]: apiKey.trim() }));
      notify.success(t('tools.webSearch.saved'));
    } catch (error) {
      console.error('saving the web search settings failed', error);
      notify.error(t('tools.webSearch.saveFailed'));
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)}>
      <p className="text-sm text-fg-muted">{t('tools.webSearch.intro')}</p>
      <Select<Engine>
        label={t('tools.webSearch.engine')}
        value={engine}
        options={[
          { value: 'google', label: t('tools.webSearch.google') },
          { value: 'searxng', label: t('tools.webSearch.searxng') },
        ]}
        onValueChange={setEngine}
      />
      {engine === 'google' ? (
        <>
          <TextField
            label={t('tools.webSearch.engineId')}
            value={engineId}
            onChange={(event) => setEngineId(event.target.value)}
            autoComplete="off"
          />
          <TextField
            label={t('tools.webSearch.apiKey')}
            type="password"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            autoComplete="off"
            hint={t('tools.webSearch.quotaHint')}
          />
          <TextField
            label={t('tools.webSearch.endpoint')}
            value={endpoint}
            placeholder={GOOGLE_SEARCH_ENDPOINT}
            onChange={(event) => setEndpoint(event.target.value)}
            autoComplete="off"
          />
        </>
      ) : (
        <TextField
          label={t('tools.webSearch.searxngUrl')}
          value={searxngURL}
          placeholder={t('tools.webSearch.searxngPlaceholder')}
          onChange={(event) => setSearxngURL(event.target.value)}
          autoComplete="off"
        />
      )}
      <TextField
        label={t('tools.webSearch.resultCount')}
        type="number"
        min={1}
        max={MAX_SEARCH_RESULTS}
        step={1}
        value={resultCount}
        onChange={(event) => setResultCount(event.target.value)}
        hint={t('tools.webSearch.resultCountHint', { max: MAX_SEARCH_RESULTS })}
      />
      <div>
        <Button type="submit">{t('tools.webSearch.save')}</Button>
      </div>
    </form>
  );
}
