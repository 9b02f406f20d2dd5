import { useTranslation } from 'react-i18next';

/** Without a shop (no purchase URL set), keys come from the server's command line. */
export function SelfHostedKeyHelp() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('license.purchase.selfHostedTitle')}
      className="rounded-xl border border-dashed border-line-strong px-4 py-3 text-[13px] text-fg-muted"
    >
      <p className="font-medium text-fg">{t('license.purchase.selfHostedTitle')}</p>
      <p className="mt-1">{t('license.purchase.selfHostedBody')}</p>
      <pre className="mt-2 rounded-lg bg-sunken px-3 py-2 font-mono text-[12px] whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
        {t('license.purchase.selfHostedCommand')}
      </pre>
      <p className="mt-2">{t('license.buyPage.plansHint')}</p>
      <p className="mt-1">{t('license.purchase.selfHostedAfter')}</p>
    </aside>
  );
}
