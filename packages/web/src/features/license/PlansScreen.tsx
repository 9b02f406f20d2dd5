import { licenseCatalogue, licensePlans, type LicenseState } from '@parley/core/license';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonBaseClasses } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { ExternalLinkIcon, LicenseCheckIcon as CheckIcon } from '../../ui/icons/settings';
import { PlanCard } from './PlanCard';
import { DEFAULT_PURCHASE_PATH, resolvePurchaseUrl } from './purchase-url';
import { SelfHostedKeyHelp } from './SelfHostedKeyHelp';
import { SubScreenHeader } from '../../ui/SubScreenHeader';

/** Buy / Upgrade: the plans with their features, the catalogue facts, and where to buy. */
export function PlansScreen({ state, onBack }: { state: LicenseState; onBack: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const purchaseUrl = resolvePurchaseUrl();
  // No shop was set for this server: its owner makes keys, so say how instead of linking to /buy.
  const selfHosted = purchaseUrl === DEFAULT_PURCHASE_PATH;
  const currentPlan = state.kind === 'licensed' ? state.plan : undefined;
  const facts = [
    t('license.purchase.devicesPerLicense', { count: licenseCatalogue.devicesPerLicense }),
    t('license.purchase.moneyBack', { days: licenseCatalogue.moneyBackGuaranteeDays }),
    t('license.purchase.support', { days: licenseCatalogue.supportDays }),
  ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <SubScreenHeader
        headingId={headingId}
        title={t('license.purchase.title')}
        intro={t('license.purchase.intro')}
        backLabel={t('license.purchase.back')}
        onBack={onBack}
        level={4}
        focus="rescue"
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {licensePlans.map((plan) => (
          <PlanCard key={plan} plan={plan} current={plan === currentPlan} />
        ))}
      </div>
      <div className="rounded-xl border border-line bg-sunken px-4 py-3">
        <p className="text-[13px] font-medium text-fg-muted">{t('license.purchase.facts')}</p>
        <ul className="mt-2 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {facts.map((fact) => (
            <li key={fact} className="flex items-center gap-1.5 text-[13px] text-fg">
              <span aria-hidden="true" className="text-success">
                <CheckIcon size={14} />
              </span>
              {fact}
            </li>
          ))}
        </ul>
      </div>
      {selfHosted && <SelfHostedKeyHelp />}
      <div className="flex flex-wrap items-center gap-2">
        {!selfHosted && (
          <a
            href={purchaseUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              buttonBaseClasses,
              'h-9 gap-2 bg-accent px-3.5 text-sm text-accent-fg shadow-sm hover:bg-accent-hover',
            )}
          >
            {t('license.purchase.buy')}
            <ExternalLinkIcon size={15} />
          </a>
        )}
        {!currentPlan && <Button onClick={onBack}>{t('license.purchase.haveKey')}</Button>}
      </div>
    </section>
  );
}
