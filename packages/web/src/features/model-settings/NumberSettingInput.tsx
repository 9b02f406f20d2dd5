import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField';
import { parseSettingInput, type NumberSettingField } from './model-setting-fields';

/** One numeric setting: empty means "use the default", shown as the placeholder. Saved on blur or Enter. */
export function NumberSettingInput({
  field,
  value,
  fallback,
  onCommit,
}: {
  field: NumberSettingField;
  value: number | null | undefined;
  /** What applies when empty: the synced default (chat mode), else null. */
  fallback: number | null;
  onCommit: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  const shown = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  if (shown !== lastShown) {
    setLastShown(shown);
    setText(shown);
  }
  const placeholder =
    fallback === null ? t(field.emptyMeansKey) : t('modelSettings.defaultValue', { value: String(fallback) });
  const commit = () => {
    const parsed = parseSettingInput(text, field);
    if (parsed === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(parsed === null ? '' : String(parsed));
    if (parsed !== (typeof value === 'number' ? value : null)) onCommit(parsed);
  };
  return (
    <TextField
      label={t(field.labelKey)}
      hint={field.hintKey ? t(field.hintKey) : undefined}
      error={invalid ? t('modelSettings.invalidNumber') : undefined}
      inputMode={field.integer ? 'numeric' : 'decimal'}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
