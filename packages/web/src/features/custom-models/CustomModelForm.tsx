import {
  customSecretId,
  fillSecretRows,
  isSecretRow,
  secretIdsOf,
  splitSecretRows,
  type CustomSecrets,
  type ModelDescriptor,
} from '@parley/core/models';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import {
  customModelApiTypes,
  draftFromModel,
  emptyCustomModelDraft,
  modelFromDraft,
  type CustomModel,
  type CustomModelDraft,
  type CustomModelErrors,
} from './custom-model-draft';
import { KeyValueRowsEditor } from './KeyValueRowsEditor';

type CustomModelFormProps = {
  /** The model being edited; absent when adding one. */
  editing?: ModelDescriptor;
  /** This device's custom secrets (key vault): the edited model's secret rows are shown filled from them. */
  secrets: CustomSecrets;
  newId: () => string;
  onSave: (model: CustomModel) => Promise<void>;
  onCancel: () => void;
};

/** Add or edit one custom model; errors show beside their fields and nothing is saved until it is valid. */
export function CustomModelForm({ editing, secrets, newId, onSave, onCancel }: CustomModelFormProps) {
  const { t } = useTranslation();
  const [filled] = useState(() => editing && fillSecretRows(editing, secrets));
  const [draft, setDraft] = useState<CustomModelDraft>(() =>
    filled ? draftFromModel(filled) : emptyCustomModelDraft(),
  );
  const [missingSecrets] = useState(() => missingSecretIds(filled));
  const isMissingSecret = (group: 'header' | 'body') => (key: string) =>
    filled !== undefined && missingSecrets.has(customSecretId(filled.id, group, key));
  const hasSecretRow = [...draft.headerRows, ...draft.bodyRows].some((row) => isSecretRow(row.key));
  const [errors, setErrors] = useState<CustomModelErrors>({});
  const [saving, setSaving] = useState(false);
  const update = (patch: Partial<CustomModelDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const errorText = (field: string) => {
    const code = errors[field];
    return code ? t(`customModels.errors.${code}`) : undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = modelFromDraft(draft, newId, filled);
    if (!result.ok) {
      setErrors(result.errors);
      // Take the user to the first problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(result.model);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <h3 className="text-sm font-semibold text-fg">
        {editing ? t('customModels.formEditTitle') : t('customModels.formAddTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('customModels.title')}
          placeholder={t('customModels.defaultTitle')}
          value={draft.title}
          onChange={(event) => update({ title: event.target.value })}
        />
        <TextField
          label={t('customModels.modelId')}
          hint={t('customModels.modelIdHint')}
          required
          spellCheck={false}
          value={draft.modelID}
          error={errorText('modelID')}
          onChange={(event) => update({ modelID: event.target.value })}
        />
      </div>
      <TextField
        label={t('customModels.endpoint')}
        hint={t('customModels.endpointHint')}
        required
        type="url"
        inputMode="url"
        spellCheck={false}
        placeholder={t('customModels.endpointPlaceholder')}
        value={draft.endpoint}
        error={errorText('endpoint')}
        onChange={(event) => update({ endpoint: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('customModels.apiType')}
          value={draft.apiType}
          options={customModelApiTypes.map((value) => ({
            value,
            label: t(`customModels.apiTypes.${value}`),
          }))}
          onValueChange={(apiType) => update({ apiType })}
        />
        <TextField
          label={t('customModels.contextLength')}
          hint={t('customModels.contextLengthHint')}
          inputMode="numeric"
          placeholder="2048"
          value={draft.contextLength}
          error={errorText('contextLength')}
          onChange={(event) => update({ contextLength: event.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('customModels.promptPrice')}
          hint={t('customModels.priceHint')}
          inputMode="decimal"
          placeholder={t('customModels.pricePlaceholder')}
          value={draft.promptPrice}
          error={errorText('promptPrice')}
          onChange={(event) => update({ promptPrice: event.target.value })}
        />
        <TextField
          label={t('customModels.completionPrice')}
          hint={t('customModels.priceHint')}
          inputMode="decimal"
          placeholder={t('customModels.pricePlaceholder')}
          value={draft.completionPrice}
          error={errorText('completionPrice')}
          onChange={(event) => update({ completionPrice: event.target.value })}
        />
      </div>
      <KeyValueRowsEditor
        field="headerRows"
        title={t('customModels.headers')}
        addLabel={t('customModels.addHeader')}
        rows={draft.headerRows}
        errors={errors}
        onChange={(headerRows) => update({ headerRows })}
        isMissingSecret={isMissingSecret('header')}
      />
      <KeyValueRowsEditor
        field="bodyRows"
        title={t('customModels.bodyParams')}
        addLabel={t('customModels.addBodyParam')}
        rows={draft.bodyRows}
        errors={errors}
        onChange={(bodyRows) => update({ bodyRows })}
        isMissingSecret={isMissingSecret('body')}
      />
      {hasSecretRow && <p className="text-[13px] text-fg-subtle">{t('customModels.secretRowsNote')}</p>}
      <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
        <Switch
          label={t('customModels.vision')}
          hint={t('customModels.visionHint')}
          checked={draft.visionSupported}
          onCheckedChange={(visionSupported) => update({ visionSupported })}
        />
        <Switch
          label={t('customModels.plugins')}
          hint={t('customModels.pluginsHint')}
          checked={draft.pluginSupported}
          onCheckedChange={(pluginSupported) => update({ pluginSupported })}
        />
        <Switch
          label={t('customModels.reasoning')}
          hint={t('customModels.reasoningHint')}
          checked={draft.reasoningSupported}
          onCheckedChange={(reasoningSupported) => update({ reasoningSupported })}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={saving}>
          {t('customModels.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Secret rows of the saved model that have no value on this device (entered on another one). */
function missingSecretIds(filled: ModelDescriptor | undefined): ReadonlySet<string> {
  if (!filled) return new Set();
  const held = splitSecretRows(filled).secrets;
  return new Set(secretIdsOf(filled).filter((id) => !(id in held)));
}
