import { mcpUrlProblem } from '@parley/core/mcp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { controlClasses, labelClasses } from '../../ui/field-classes';
import { TrashIcon } from '../../ui/icons/settings';
import { PlusIcon } from '../../ui/icons/shell';
import type { ServerDraft } from './use-mcp-servers';

type Row = { name: string; value: string };

/** Add a server by address: no sign-in, header rows (values kept in the key vault), or OAuth. */
export function AddServerForm({
  onAdd,
  onCancel,
}: {
  onAdd: (draft: ServerDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [auth, setAuth] = useState<ServerDraft['auth']>('none');
  const [transport, setTransport] = useState<ServerDraft['transport']>('auto');
  const [rows, setRows] = useState<Row[]>([{ name: 'Authorization', value: '' }]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = mcpUrlProblem(url);
    if (problem) {
      setError(t(`mcp.form.urlProblem.${problem}`));
      return;
    }
    setSaving(true);
    try {
      await onAdd({ name, url, auth, transport, headers: auth === 'headers' ? rows : [] });
    } catch {
      setError(t('mcp.form.saveFailed'));
      setSaving(false);
    }
  };

  const setRow = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <form
      aria-label={t('mcp.form.title')}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl border border-line bg-sunken p-4"
    >
      <TextField
        label={t('mcp.form.url')}
        hint={t('mcp.form.urlHint')}
        value={url}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        error={error ?? undefined}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
      />
      <TextField label={t('mcp.form.name')} value={name} onChange={(event) => setName(event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('mcp.form.auth')}
          value={auth}
          onValueChange={setAuth}
          options={[
            { value: 'none', label: t('mcp.form.authNone') },
            { value: 'headers', label: t('mcp.form.authHeaders') },
            { value: 'oauth', label: t('mcp.form.authOAuth') },
          ]}
        />
        <Select
          label={t('mcp.form.transport')}
          value={transport}
          onValueChange={setTransport}
          options={[
            { value: 'auto', label: t('mcp.form.transportAuto') },
            { value: 'streamable-http', label: t('mcp.form.transportHttp') },
            { value: 'sse', label: t('mcp.form.transportSse') },
          ]}
        />
      </div>
      {auth === 'headers' && (
        <fieldset className="flex flex-col gap-2">
          <legend className={labelClasses}>{t('mcp.form.authHeaders')}</legend>
          <p className="text-[13px] text-fg-subtle">{t('mcp.form.headersHint')}</p>
          {rows.map((row, index) => (
            <div key={index} className="flex items-center gap-2">
              <input
                className={controlClasses}
                aria-label={t('mcp.form.headerName', { position: index + 1 })}
                value={row.name}
                onChange={(event) => setRow(index, { name: event.target.value })}
              />
              <input
                className={controlClasses}
                type="password"
                autoComplete="off"
                aria-label={t('mcp.form.headerValue', { position: index + 1 })}
                value={row.value}
                onChange={(event) => setRow(index, { value: event.target.value })}
              />
              <IconButton
                label={t('mcp.form.removeHeader', { position: index + 1 })}
                icon={<TrashIcon />}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              />
            </div>
          ))}
          <Button
            className="self-start"
            icon={<PlusIcon size={16} />}
            onClick={() => setRows((current) => [...current, { name: '', value: '' }])}
          >
            {t('mcp.form.addHeader')}
          </Button>
        </fieldset>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('mcp.add')}
        </Button>
      </div>
    </form>
  );
}
