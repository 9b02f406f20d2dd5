import { useTranslation } from 'react-i18next';
import { buttonBaseClasses } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { KeyIcon } from '../../ui/icons/settings';

/**
 * The page at /buy, the purchase link when a deployment set none: on a self-hosted server there is
 * no shop, so it tells how the administrator creates keys. The composition root shows it for
 * paths where isBuyPagePath() holds.
 */
export function BuyPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-center justify-center bg-app px-4 py-10 text-fg">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-raised p-6 shadow-popover">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg"
        >
          <KeyIcon size={20} />
        </span>
        <h1 className="mt-4 text-lg font-semibold">{t('license.buyPage.title')}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t('license.buyPage.body')}</p>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-sunken px-3 py-2 font-mono text-[13px]">
          {t('license.purchase.selfHostedCommand')}
        </pre>
        <p className="mt-3 text-[13px] text-fg-muted">{t('license.buyPage.plansHint')}</p>
        <p className="mt-1 text-[13px] text-fg-muted">{t('license.buyPage.afterHint')}</p>
        <a
          href="/"
          className={cn(
            buttonBaseClasses,
            'mt-5 h-9 bg-accent px-3.5 text-sm text-accent-fg shadow-sm hover:bg-accent-hover',
          )}
        >
          {t('license.buyPage.backToApp')}
        </a>
      </div>
    </main>
  );
}
