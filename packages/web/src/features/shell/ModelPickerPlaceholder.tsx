import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select';

/** Spec section 9 default model. Placeholder until the chat feature's model picker takes this slot. */
const DEFAULT_MODEL = { value: 'gpt-4-turbo', label: 'GPT-4 Turbo' } as const;

export function ModelPickerPlaceholder() {
  const { t } = useTranslation();
  return (
    <Select
      label={t('shell.topBar.modelPicker')}
      hideLabel
      look="toolbar"
      value={DEFAULT_MODEL.value}
      options={[DEFAULT_MODEL]}
      onValueChange={() => {}}
    />
  );
}
