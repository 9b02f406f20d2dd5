import { useTranslation } from 'react-i18next';

/**
 * In place of the app when the host's `parley.config.json` is malformed: which field, and what is
 * wrong with it. Nothing of the user's is touched; the app opens once the file is fixed.
 */
export default function HostConfigErrorScreen({ problems }: { problems: string[] }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-start justify-center overflow-y-auto bg-sidebar px-4 py-12 sm:py-20">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-raised p-6 shadow-popover sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">{t('hostConfig.error.title')}</h1>
        <p className="mt-2 text-fg-muted">{t('hostConfig.error.message', { file: 'parley.config.json' })}</p>
        <ul
          aria-label={t('hostConfig.error.problems')}
          className="mt-5 flex flex-col gap-1.5 rounded-lg bg-sunken p-3 font-mono text-xs leading-relaxed break-words text-danger"
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p className="mt-5 text-[13px] text-fg-muted">{t('hostConfig.error.dataSafe')}</p>
      </div>
    </main>
  );
}
