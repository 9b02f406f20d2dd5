import { useTranslation } from 'react-i18next';
import { ExportPanel } from './ExportPanel';
import { ImportPanel } from './ImportPanel';

/** Settings > Import and export (its own chunk: importers, zip and the worker load only here). */
export default function ImportExportSection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-fg">{t('portability.title')}</h3>
        <p className="text-[13px] text-fg-muted">{t('portability.intro')}</p>
      </div>
      <ImportPanel />
      <div className="border-t border-line" />
      <ExportPanel />
    </div>
  );
}
