import { planFeatures, type PlanFeature } from '@parley/core/license';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { LicenseCheckIcon as CheckIcon } from '../../ui/icons/settings';
import { LicenseLockIcon as LockIcon } from '../../ui/icons/shell';
import { isEnforced } from './enforced-features';
import { useFeatureAccess } from './use-feature-access';

/** Each paid feature and whether this app may use it now: the gate, visible in one place. */
export function LicenseFeatureList({ licensed }: { licensed: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="text-[13px] font-medium text-fg-muted">
        {licensed ? t('license.gate.featureList') : t('license.gate.featureListUnlicensed')}
      </h4>
      <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {planFeatures.map((feature) => (
          <FeatureRow key={feature} feature={feature} />
        ))}
      </ul>
    </section>
  );
}

function FeatureRow({ feature }: { feature: PlanFeature }) {
  const { t } = useTranslation();
  const access = useFeatureAccess(feature);
  if (!access.allowed && access.reason === 'disabled') return null;
  // Without a screen yet, a feature is neither had nor missed: it is coming.
  const shipped = isEnforced(feature);
  const status = !shipped
    ? t('license.purchase.coming')
    : access.allowed
      ? t('license.gate.included')
      : t('license.gate.notIncluded');
  return (
    <li
      className="flex items-center gap-2 py-1 text-sm"
      aria-label={`${t(`license.features.${feature}`)}: ${status}`}
    >
      <span aria-hidden="true" className={cn(shipped && access.allowed ? 'text-success' : 'text-fg-subtle')}>
        {!shipped ? (
          <span className="block size-4 rounded-full border border-dashed border-line-strong" />
        ) : access.allowed ? (
          <CheckIcon size={16} />
        ) : (
          <LockIcon size={15} />
        )}
      </span>
      <span className={cn(shipped && access.allowed ? 'text-fg' : 'text-fg-muted')}>
        {t(`license.features.${feature}`)}
      </span>
      {!shipped && (
        <span
          aria-hidden="true"
          className="rounded-full bg-sunken px-1.5 py-px text-[11px] font-medium text-fg-muted"
        >
          {status}
        </span>
      )}
    </li>
  );
}
