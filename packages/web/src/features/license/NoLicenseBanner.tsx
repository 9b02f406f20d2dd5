import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { CloseIcon } from '../../ui/icons/shell';

/** The spec's reminder without a license (section 8); dismissed for this visit only. */
export function NoLicenseBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-xl border border-accent/30 bg-accent-soft py-2 pr-1.5 pl-3.5 text-sm text-accent-soft-fg"
    >
      <p className="min-w-0 flex-1 py-1.5">{t('license.noLicenseBanner')}</p>
      <IconButton
        label={t('common.dismiss')}
        icon={<CloseIcon size={16} />}
        className="size-8 text-accent-soft-fg hover:bg-accent/10"
        onClick={() => setDismissed(true)}
      />
    </div>
  );
}
