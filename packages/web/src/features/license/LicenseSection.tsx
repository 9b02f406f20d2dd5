import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivationForm } from './ActivationForm';
import { LicenseFeatureList } from './LicenseFeatureList';
import { LicenseManager } from './LicenseManager';
import { LicenseProblemNotice } from './LicenseProblemNotice';
import { LicenseStatePill } from './LicenseStateBadge';
import { useLicenseView } from './license-view-store';
import { NoLicenseBanner } from './NoLicenseBanner';
import { PlansScreen } from './PlansScreen';
import { useLicense } from '../../state';

/** Settings > License: activation when unlicensed, the License Manager when licensed, and the plans. */
export function LicenseSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { state, claims, loading } = useLicense();
  const view = useLicenseView((store) => store.view);
  const show = useLicenseView((store) => store.show);
  // Opening the section again starts at the overview, unless "Upgrade" asked for the plans.
  useEffect(() => () => show('overview'), [show]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('license.title')}
        </h3>
        {!loading && (
          <span className="flex items-center gap-2 text-[13px] text-fg-muted">
            <span className="sr-only">{t('license.status')}</span>
            <LicenseStatePill state={state} />
          </span>
        )}
      </header>
      {view === 'plans' ? (
        <PlansScreen state={state} onBack={() => show('overview')} />
      ) : loading ? null : claims ? (
        <>
          <LicenseManager claims={claims} onShowPlans={() => show('plans')} />
          <LicenseFeatureList licensed />
        </>
      ) : (
        <>
          <LicenseProblemNotice />
          <NoLicenseBanner />
          <ActivationForm onShowPlans={() => show('plans')} />
          <LicenseFeatureList licensed={false} />
        </>
      )}
    </section>
  );
}
