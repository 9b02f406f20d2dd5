import { isSecretRow, type KeyValueRow } from '@parley/core/models';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { cn } from '../../ui/cn';
import { controlClasses, errorClasses, labelClasses } from '../../ui/field-classes';
import { PlusIcon } from '../../ui/icons/shell';
import { SecretInput } from '../api-keys';
import type { CustomModelErrors } from './custom-model-draft';
import { TrashIcon } from '../../ui/icons/settings';

type KeyValueRowsEditorProps = {
  /** Field path prefix of the errors: 'headerRows' or 'bodyRows'. */
  field: 'headerRows' | 'bodyRows';
  title: string;
  addLabel: string;
  rows: KeyValueRow[];
  errors: CustomModelErrors;
  onChange: (rows: KeyValueRow[]) => void;
  /** A secret row of the saved model whose value this device's vault does not hold. */
  isMissingSecret?: (key: string) => boolean;
};

/**
 * Header or body rows of a custom model: key and value inputs per row; a row with a value needs its
 * key. The value of a secret row (isSecretRow: Authorization, an API key, a token…) is masked like an
 * API key, since it is kept in the key vault on this device rather than in the synced settings.
 * Once masked, a row stays masked while the form is open: editing its name (deleting one letter of
 * "Authorization") must not swap in a plain input that shows the secret.
 */
export function KeyValueRowsEditor({
  field,
  title,
  addLabel,
  rows,
  errors,
  onChange,
  isMissingSecret = () => false,
}: KeyValueRowsEditorProps) {
  const { t } = useTranslation();
  // Per row position: its value was masked at some point since the form opened.
  const [wasMasked, setWasMasked] = useState<boolean[]>(() => rows.map((row) => isSecretRow(row.key)));
  const change = (index: number, patch: Partial<KeyValueRow>) => {
    if (patch.key !== undefined && isSecretRow(patch.key)) {
      setWasMasked((masked) => rows.map((_, position) => masked[position] === true || position === index));
    }
    onChange(rows.map((row, position) => (position === index ? { ...row, ...patch } : row)));
  };
  const remove = (index: number) => {
    setWasMasked((masked) => masked.filter((_, position) => position !== index));
    onChange(rows.filter((_, position) => position !== index));
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={cn(labelClasses, 'mb-2')}>{title}</legend>
      {rows.length === 0 && <p className="text-[13px] text-fg-subtle">{t('customModels.noRows')}</p>}
      {rows.map((row, index) => {
        const error = errors[`${field}.${index}.key`];
        const errorId = `${field}-${index}-key-error`;
        const hintId = `${field}-${index}-secret-hint`;
        const position = { group: title, index: index + 1 };
        const secret = isSecretRow(row.key);
        const masked = secret || wasMasked[index] === true;
        const missing = secret && row.value === '' && isMissingSecret(row.key);
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                aria-label={t('customModels.rowKeyLabel', position)}
                placeholder={t('customModels.rowKey')}
                className={cn(controlClasses, 'min-w-0 flex-1 font-mono text-[13px]')}
                value={row.key}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                spellCheck={false}
                onChange={(event) => change(index, { key: event.target.value })}
              />
              {masked ? (
                <SecretInput
                  className="min-w-0 flex-[2]"
                  label={t('customModels.rowValueLabel', position)}
                  labelHidden
                  showLabel={t('customModels.showRowValue', position)}
                  hideLabel={t('customModels.hideRowValue', position)}
                  placeholder={t('customModels.rowValue')}
                  value={row.value}
                  aria-describedby={missing ? hintId : undefined}
                  onChange={(event) => change(index, { value: event.target.value })}
                />
              ) : (
                <input
                  aria-label={t('customModels.rowValueLabel', position)}
                  placeholder={t('customModels.rowValue')}
                  className={cn(controlClasses, 'min-w-0 flex-[2] font-mono text-[13px]')}
                  value={row.value}
                  spellCheck={false}
                  onChange={(event) => change(index, { value: event.target.value })}
                />
              )}
              <IconButton
                label={t('customModels.removeRow', position)}
                icon={<TrashIcon size={16} />}
                onClick={() => remove(index)}
              />
            </div>
            {error && (
              <p id={errorId} className={errorClasses}>
                {t(`customModels.errors.${error}`)}
              </p>
            )}
            {missing && (
              <p id={hintId} className="text-[13px] text-fg-subtle">
                {t('customModels.secretMissingHere')}
              </p>
            )}
          </div>
        );
      })}
      <Button
        size="sm"
        variant="ghost"
        className="self-start text-accent"
        icon={<PlusIcon size={14} />}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        {addLabel}
      </Button>
    </fieldset>
  );
}
