import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import type { HttpDraft } from './plugin-draft';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }));

/** An HTTP action as a form: method, URL, headers, body, body format, result transform. */
export function HttpActionForm({
  value,
  onChange,
}: {
  value: HttpDraft;
  onChange: (next: HttpDraft) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<HttpDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-[13px] font-medium text-fg">{t('plugins.http.title')}</legend>
      <div className="flex flex-wrap gap-2">
        <Select
          label={t('plugins.http.method')}
          value={value.method}
          options={METHODS}
          onValueChange={(method) => set({ method })}
          className="w-28"
        />
        <TextField
          label={t('plugins.http.url')}
          hint={t('plugins.http.urlHint')}
          value={value.url}
          onChange={(event) => set({ url: event.target.value })}
          className="min-w-60 flex-1"
        />
      </div>
      <TextAreaField
        label={t('plugins.http.headers')}
        hint={t('plugins.http.jsonHint')}
        rows={3}
        className="font-mono text-xs"
        value={value.headers}
        onChange={(event) => set({ headers: event.target.value })}
      />
      <TextAreaField
        label={t('plugins.http.body')}
        hint={t('plugins.http.jsonHint')}
        rows={3}
        className="font-mono text-xs"
        value={value.body}
        onChange={(event) => set({ body: event.target.value })}
      />
      <div className="flex flex-wrap gap-2">
        <Select
          label={t('plugins.http.bodyFormat')}
          value={value.bodyFormat}
          options={[
            { value: 'json', label: t('plugins.http.formatJson') },
            { value: 'form-data', label: t('plugins.http.formatForm') },
          ]}
          onValueChange={(bodyFormat) => set({ bodyFormat })}
          className="w-40"
        />
        <Select
          label={t('plugins.http.engine')}
          value={value.engine}
          options={[
            { value: 'none', label: t('plugins.http.engineNone') },
            { value: 'handlebars', label: t('plugins.http.engineHandlebars') },
            { value: 'jmes', label: t('plugins.http.engineJmes') },
          ]}
          onValueChange={(engine) => set({ engine })}
          className="w-48"
        />
      </div>
      {value.engine !== 'none' && (
        <TextAreaField
          label={value.engine === 'jmes' ? t('plugins.http.expression') : t('plugins.http.template')}
          rows={3}
          className="font-mono text-xs"
          value={value.transform}
          onChange={(event) => set({ transform: event.target.value })}
        />
      )}
    </fieldset>
  );
}
