import { useTranslation } from 'react-i18next';
import type { MissingFeature } from './detect-browser-support';

/** Shown instead of the app when `detectBrowserSupport` finds something missing. */
export function UnsupportedBrowserScreen({ missing }: { missing: readonly MissingFeature[] }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-start justify-center bg-sidebar px-4 py-12 sm:py-20">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-raised p-6 shadow-popover sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">{t('unsupported.title')}</h1>
        <p className="mt-2 text-fg-muted">{t('unsupported.body')}</p>
        <ul className="mt-4 flex flex-col gap-2">
          {missing.map((feature) => (
            <li
              key={feature}
              className="flex gap-2.5 rounded-lg border border-line bg-sunken px-3 py-2.5 text-sm"
            >
              <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-danger" />
              {t(`unsupported.missing.${feature}`)}
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-fg-muted">{t('unsupported.advice')}</p>
      </div>
    </main>
  );
}
