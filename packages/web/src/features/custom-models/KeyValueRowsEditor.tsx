import type { KeyValueRow } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { cn } from '../../ui/cn';
import { controlClasses, errorClasses, labelClasses } from '../../ui/field-classes';
import { PlusIcon } from '../../ui/icons/shell';
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
};

/** Header or body rows of a custom model: key and value inputs per row; a row with a value needs its key. */
export function KeyValueRowsEditor({
  field,
  title,
  addLabel,
  rows,
  errors,
  onChange,
}: KeyValueRowsEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={cn(labelClasses, 'mb-2')}>{title}</legend>
      {rows.length === 0 && <p className="text-[13px] text-fg-subtle">{t('customModels.noRows')}</p>}
      {rows.map((row, index) => {
        const error = errors[`${field}.${index}.key`];
        const errorId = `${field}-${index}-key-error`;
        const position = { group: title, index: index + 1 };
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
              <input
                aria-label={t('customModels.rowValueLabel', position)}
                placeholder={t('customModels.rowValue')}
                className={cn(controlClasses, 'min-w-0 flex-[2] font-mono text-[13px]')}
                value={row.value}
                spellCheck={false}
                onChange={(event) => change(index, { value: event.target.value })}
              />
              <IconButton
                label={t('customModels.removeRow', position)}
                icon={<TrashIcon size={16} />}
                onClick={() => onChange(rows.filter((_, position) => position !== index))}
              />
            </div>
            {error && (
              <p id={errorId} className={errorClasses}>
                {t(`customModels.errors.${error}`)}
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
