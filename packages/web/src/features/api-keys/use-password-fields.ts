import { useTranslation } from 'react-i18next';

/** Props of a labelled password input with its show/hide button names. */
export function usePasswordFields() {
  const { t } = useTranslation();
  return (label: string) => ({
    label,
    showLabel: t('vault.showPassword', { field: label }),
    hideLabel: t('vault.hidePassword', { field: label }),
  });
}
