import type { LicenseState } from '@parley/core/license';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { licenseStateText } from './license-text';
import { openLicenseSettings } from './license-view-store';
import { useLicense } from '../../state';

export function LicenseStatePill({ state, className }: { state: LicenseState; className?: string }) {
  const { t } = useTranslation();
  const licensed = state.kind === 'licensed';
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium whitespace-nowrap',
        licensed ? 'bg-success-soft text-success-soft-fg' : 'bg-sunken text-fg-muted',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', licensed ? 'bg-success' : 'bg-fg-subtle')}
      />
      {licenseStateText(t, state)}
    </span>
  );
}

/** A small button showing the license state (sidebar footer); it opens the License settings. */
export function LicenseBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { state, loading } = useLicense();
  return (
    <button
      type="button"
      onClick={openLicenseSettings}
      aria-label={t('license.badge', { state: licenseStateText(t, state) })}
      // Hidden (but keeping its place) until the stored license is verified: no "Free" flash.
      className={cn('rounded-full transition-opacity hover:opacity-80', loading && 'invisible', className)}
    >
      <LicenseStatePill state={state} />
    </button>
  );
}
