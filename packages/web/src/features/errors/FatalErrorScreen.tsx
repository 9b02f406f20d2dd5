import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { RefreshIcon } from '../../ui/icons/shell';
import { describeError } from './describe-error';
import { DisclosureSection } from './DisclosureSection';
import type { RecoveryActions } from './recovery-actions';
import { RecoveryOptions } from './RecoveryOptions';

export type FatalErrorScreenProps = {
  error: unknown;
  recovery: RecoveryActions;
  reload: () => void;
};

/** Spec section 2, fatal-error screen: what happened, the details, reload, and recovery options. */
export function FatalErrorScreen({ error, recovery, reload }: FatalErrorScreenProps) {
  const { t } = useTranslation();
  const { message, stack } = describeError(error);
  return (
    <main className="flex min-h-full items-start justify-center overflow-y-auto bg-sidebar px-4 py-12 sm:py-20">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-raised p-6 shadow-popover sm:p-8">
        <div className="text-5xl leading-none" aria-hidden="true">
          💥
        </div>
        <h1 className="mt-5 text-xl font-semibold tracking-tight">{t('errors.fatal.title')}</h1>
        <p className="mt-2 text-fg-muted">{t('errors.fatal.message')}</p>
        <Button variant="primary" className="mt-6" icon={<RefreshIcon size={16} />} onClick={reload}>
          {t('errors.fatal.reload')}
        </Button>

        <div className="mt-8 divide-y divide-line border-y border-line">
          <DisclosureSection title={t('errors.fatal.technicalDetails')}>
            <pre className="max-h-64 overflow-auto rounded-lg bg-sunken p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-fg-muted">
              <span className="font-semibold text-danger">{message}</span>
              {'\n\n'}
              {stack ?? t('errors.fatal.noStack')}
            </pre>
          </DisclosureSection>
          <DisclosureSection title={t('errors.fatal.recoveryTitle')}>
            <RecoveryOptions recovery={recovery} reload={reload} />
          </DisclosureSection>
        </div>
      </div>
    </main>
  );
}
