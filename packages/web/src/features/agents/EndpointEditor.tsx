import type { EndpointSummary } from '@parley/core/agent-context';
import type { DynamicContextEndpoint, EndpointRow } from '@parley/core/entities';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { controlClasses, labelClasses } from '../../ui/field-classes';
import { TrashIcon } from '../../ui/icons/settings';
import { PlusIcon } from '../../ui/icons/shell';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** An endpoint this device has not approved (DC7): where it would send what, and the switch to allow it. */
export type EndpointOffHere = {
  summary: EndpointSummary;
  turnedOn: boolean;
  onTurnedOnChange: (on: boolean) => void;
};

/** One dynamic context endpoint: name, method, URL with {placeholders}, header and body rows (DC2, DC3). */
export function EndpointEditor({
  endpoint,
  index,
  onChange,
  onRemove,
  offHere,
}: {
  endpoint: DynamicContextEndpoint;
  index: number;
  onChange: (endpoint: DynamicContextEndpoint) => void;
  onRemove: () => void;
  offHere?: EndpointOffHere | undefined;
}) {
  const { t } = useTranslation();
  const method = (METHODS as readonly string[]).includes(endpoint.method.toUpperCase())
    ? (endpoint.method.toUpperCase() as Method)
    : 'GET';
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-3">
      <legend className="px-1 text-[13px] font-medium text-fg-muted">
        {t('agents.form.endpointN', { n: index + 1 })}
      </legend>
      {offHere && <OffHere offHere={offHere} />}
      <div className="flex items-end gap-2">
        <TextField
          label={t('agents.form.endpointName')}
          value={endpoint.name}
          onChange={(event) => onChange({ ...endpoint, name: event.target.value })}
          className="flex-1"
        />
        <Select
          label={t('agents.form.endpointMethod')}
          value={method}
          options={METHODS.map((value) => ({ value, label: value }))}
          onValueChange={(value) => onChange({ ...endpoint, method: value })}
        />
        <IconButton
          label={t('agents.form.removeEndpoint', { n: index + 1 })}
          onClick={onRemove}
          icon={<TrashIcon size={16} />}
        />
      </div>
      <TextField
        label={t('agents.form.endpointUrl')}
        hint={t('agents.form.endpointUrlHint')}
        type="url"
        inputMode="url"
        value={endpoint.url}
        onChange={(event) => onChange({ ...endpoint, url: event.target.value })}
      />
      <RowsEditor
        title={t('agents.form.headers')}
        rows={endpoint.headers}
        onChange={(headers) => onChange({ ...endpoint, headers })}
      />
      {method !== 'GET' && (
        <RowsEditor
          title={t('agents.form.body')}
          rows={endpoint.body}
          onChange={(body) => onChange({ ...endpoint, body })}
        />
      )}
    </fieldset>
  );
}

function RowsEditor({
  title,
  rows,
  onChange,
}: {
  title: string;
  rows: EndpointRow[];
  onChange: (rows: EndpointRow[]) => void;
}) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<EndpointRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...patch } : row)));
  return (
    <div className="flex flex-col gap-2">
      <span className={labelClasses}>{title}</span>
      {rows.map((row, index) => (
        <div key={index} className="flex items-center gap-2">
          <input
            aria-label={t('agents.form.rowKey', { title, n: index + 1 })}
            placeholder={t('agents.form.rowKeyPlaceholder')}
            value={row.key}
            onChange={(event) => change(index, { key: event.target.value })}
            className={controlClasses}
          />
          <input
            aria-label={t('agents.form.rowValue', { title, n: index + 1 })}
            placeholder={t('agents.form.rowValuePlaceholder')}
            value={row.value}
            onChange={(event) => change(index, { value: event.target.value })}
            className={controlClasses}
          />
          <IconButton
            label={t('agents.form.removeRow', { title, n: index + 1 })}
            onClick={() => onChange(rows.filter((_, position) => position !== index))}
            icon={<TrashIcon size={16} />}
          />
        </div>
      ))}
      <Button
        size="sm"
        variant="ghost"
        className="self-start"
        icon={<PlusIcon size={14} />}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        {t('agents.form.addRow', { title })}
      </Button>
    </div>
  );
}

function OffHere({ offHere }: { offHere: EndpointOffHere }) {
  const { t } = useTranslation();
  const { host, method, placeholders } = offHere.summary;
  const sends = placeholders.length
    ? t('agents.form.endpointOff.sends', {
        host,
        method,
        values: placeholders.map((p) => `{${p}}`).join(', '),
      })
    : t('agents.form.endpointOff.calls', { host, method });
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-accent/25 bg-accent-soft p-3 text-accent-soft-fg">
      <p className="text-[13px] font-medium">{t('agents.form.endpointOff.title')}</p>
      <p className="text-[13px] opacity-90">{sends}</p>
      <Switch
        label={t('agents.form.endpointOff.turnOn')}
        checked={offHere.turnedOn}
        onCheckedChange={offHere.onTurnedOnChange}
      />
    </div>
  );
}
