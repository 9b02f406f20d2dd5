import { licensePlans, planDetails, type LicensePlan, type PlanFeature } from '@parley/core/license';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { LicenseCheckIcon as CheckIcon } from '../../ui/icons/settings';
import { isEnforced } from './enforced-features';

/** The plan before this one, whose features this plan includes (LI1-LI3); team repeats premium (LI4). */
function previousPlan(plan: LicensePlan): LicensePlan | undefined {
  if (plan === 'team') return undefined;
  return licensePlans[licensePlans.indexOf(plan) - 1];
}

/** One plan on the Buy / Upgrade screen: name, seats, and what it adds. */
export function PlanCard({ plan, current }: { plan: LicensePlan; current: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const details = planDetails[plan];
  const before = previousPlan(plan);
  const added = before
    ? details.features.filter((feature) => !planDetails[before].features.includes(feature))
    : details.features;
  const seats =
    plan === 'team'
      ? t('license.purchase.teamSeats', {
          users: details.defaultMaxUsers,
          devices: details.defaultMaxDevices,
        })
      : t('license.purchase.seatsSingle', { devices: details.defaultMaxDevices });

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-raised px-3.5 py-3',
        current ? 'border-accent ring-1 ring-accent' : 'border-line',
      )}
    >
      <header className="flex items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t(`license.plans.${plan}`)}
        </h4>
        {current && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent-soft-fg">
            {t('license.purchase.yourPlan')}
          </span>
        )}
      </header>
      {/* No prices: the spec gives one for Team only, and a self-hosted server has no shop. */}
      <p className="text-[13px] text-fg-muted">{seats}</p>
      <div className="flex flex-col gap-1 border-t border-line pt-2">
        {before && (
          <p className="text-[12px] text-fg-subtle">
            {t('license.purchase.everythingIn', { plan: t(`license.plans.${before}`) })}
          </p>
        )}
        {plan === 'team' && (
          <p className="text-[13px] text-fg">
            {t('license.purchase.teamIncludes', { plan: t('license.plans.premium') })}
          </p>
        )}
        <ul className="flex flex-col gap-1">
          {(plan === 'team' ? [] : added).map((feature) => (
            <PlanFeatureItem key={feature} feature={feature} />
          ))}
        </ul>
      </div>
    </article>
  );
}

/** A feature the plan adds; one without a screen yet is marked "coming", not sold as there. */
function PlanFeatureItem({ feature }: { feature: PlanFeature }) {
  const { t } = useTranslation();
  const name = t(`license.features.${feature}`);
  if (isEnforced(feature)) {
    return (
      <li className="flex items-center gap-2 text-[13px] text-fg">
        <span aria-hidden="true" className="text-success">
          <CheckIcon size={14} />
        </span>
        {name}
      </li>
    );
  }
  return (
    <li
      className="flex items-center gap-2 text-[13px] text-fg-subtle"
      aria-label={t('license.purchase.comingFeature', { feature: name })}
    >
      <span
        aria-hidden="true"
        className="size-3.5 shrink-0 rounded-full border border-dashed border-line-strong"
      />
      <span className="min-w-0">{name}</span>
      <span
        aria-hidden="true"
        className="ml-auto shrink-0 rounded-full bg-sunken px-1.5 py-px text-[11px] font-medium text-fg-muted"
      >
        {t('license.purchase.coming')}
      </span>
    </li>
  );
}
