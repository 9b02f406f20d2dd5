import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { errorClasses } from '../../ui/field-classes';
import { pluginImportError } from '@parley/core/plugins';
import { usePluginActions } from './use-plugin-actions';

type Source = 'file' | 'url' | 'paste';

/** Why a fetch failed, in words: the browser hides the cause of a refused cross-origin read. */
function fetchFailure(error: unknown, t: (key: 'plugins.import.cors' | 'plugins.import.failed') => string) {
  return error instanceof TypeError ? t('plugins.import.cors') : t('plugins.import.failed');
}

/** Import a plugin from a file (or a repository's plugin.json + implementation.js), a URL or pasted JSON. */
export function ImportPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const actions = usePluginActions();
  const [source, setSource] = useState<Source>('file');
  const [url, setUrl] = useState('');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const run = async (task: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      const problem = await task();
      setError(problem);
      if (!problem) onDone();
    } finally {
      setBusy(false);
    }
  };

  const fromFiles = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length === 0) return;
    void run(async () => {
      const json = list.find((file) => file.name.endsWith('.json')) ?? list[0];
      const js = list.find((file) => file.name.endsWith('.js'));
      if (!json) return null;
      if (js && list.length === 2) return actions.importPair(await json.text(), await js.text());
      return actions.importText(await json.text());
    }).finally(() => {
      if (fileRef.current) fileRef.current.value = '';
    });
  };

  const fromUrl = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      let text: string;
      try {
        const response = await fetch(url.trim());
        if (!response.ok)
          return pluginImportError(t('plugins.import.httpStatus', { status: response.status }));
        text = await response.text();
      } catch (failure) {
        return pluginImportError(fetchFailure(failure, t));
      }
      return actions.importText(text);
    });
  };

  const fromPaste = (event: FormEvent) => {
    event.preventDefault();
    void run(() => actions.importText(pasted));
  };

  return (
    <section
      aria-label={t('plugins.import.title')}
      className="flex flex-col gap-3 rounded-xl border border-line bg-sunken p-4"
    >
      <SegmentedControl
        label={t('plugins.import.source')}
        value={source}
        onValueChange={(next) => {
          setSource(next);
          setError(null);
        }}
        options={[
          { value: 'file', label: t('plugins.import.fromFile') },
          { value: 'url', label: t('plugins.import.fromUrl') },
          { value: 'paste', label: t('plugins.import.fromPaste') },
        ]}
      />
      {source === 'file' && (
        <TextField
          ref={fileRef}
          label={t('plugins.import.fileLabel')}
          hint={t('plugins.import.fileHint')}
          type="file"
          accept=".json,.js,application/json,text/javascript"
          multiple
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => fromFiles(event.target.files)}
        />
      )}
      {source === 'url' && (
        <form onSubmit={fromUrl} className="flex flex-wrap items-end gap-2">
          <TextField
            label={t('plugins.import.urlLabel')}
            type="url"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            className="min-w-60 flex-1"
          />
          <Button type="submit" variant="primary" disabled={busy || url.trim() === ''}>
            {t('plugins.import.submit')}
          </Button>
        </form>
      )}
      {source === 'paste' && (
        <form onSubmit={fromPaste} className="flex flex-col gap-2">
          <TextAreaField
            label={t('plugins.import.pasteLabel')}
            rows={6}
            className="font-mono text-xs"
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
          />
          <Button
            type="submit"
            variant="primary"
            className="self-end"
            disabled={busy || pasted.trim() === ''}
          >
            {t('plugins.import.submit')}
          </Button>
        </form>
      )}
      {error && (
        <p id={errorId} role="alert" className={errorClasses}>
          {error}
        </p>
      )}
    </section>
  );
}
