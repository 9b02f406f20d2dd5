import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCategories } from '@parley/core/import';
import type { ExportCategory } from '@parley/core/import';
import { Button } from '../../ui/Button';
import { DownloadIcon } from '../../ui/icons/settings';
import { nextTask } from '../../lib/next-task';
import { usePlatformServices } from '../../state';
import { notify } from '../toasts';
import { exportZipName, fallbackZipRequest, saveBlob } from './export-data';
import { KeyExportOption, useKeyExportOption } from './KeyExportOption';
import { zipInWorker } from './portability-client';
import { Progress } from './Progress';

/** Settings > Import and export > Export: chosen categories as one zip (IM30). */
export function ExportPanel() {
  const { t } = useTranslation();
  const { store, clock } = usePlatformServices();
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<ExportCategory>>(new Set(exportCategories));
  const [stage, setStage] = useState<'idle' | 'collecting'>('idle');
  const keyChoice = useKeyExportOption();

  const toggle = (category: ExportCategory, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(category);
    else next.delete(category);
    setChosen(next);
  };

  const run = async () => {
    if (keyChoice.check()) return;
    const at = new Date(clock.now());
    setStage('collecting');
    try {
      const categories = exportCategories.filter((c) => chosen.has(c));
      const exportedAt = at.toISOString();
      const extraFiles = await keyChoice.files(exportedAt);
      // With IndexedDB the worker reads and packs everything; the localStorage fallback (which a
      // worker cannot reach) is read here, pictures included (they are stored there too).
      const zip =
        store.backend === 'indexeddb'
          ? await zipInWorker({ type: 'export', categories, exportedAt, extraFiles })
          : await zipInWorker(await fallbackZipRequest(store, categories, exportedAt, extraFiles));
      await saveBlob(exportZipName(at), zip);
      // The panel's re-render and the toast's (styles, measuring its height) are two tasks, not one.
      setStage('idle');
      await nextTask();
      notify.success(t('portability.export.saved'));
    } catch (error) {
      notify.error(
        t('portability.export.failed', { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setStage('idle');
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t('portability.export.title')}
        </h4>
        <p className="mt-0.5 text-[13px] text-fg-muted">{t('portability.export.hint')}</p>
      </div>
      <fieldset className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-4">
        <legend className="sr-only">{t('portability.export.categories')}</legend>
        {exportCategories.map((category) => (
          <label key={category} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={chosen.has(category)}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            {t(`portability.categories.${category}`)}
          </label>
        ))}
      </fieldset>
      <KeyExportOption choice={keyChoice} />
      {stage !== 'idle' ? (
        <Progress label={t(`portability.export.${stage}`)} />
      ) : (
        <div>
          <Button icon={<DownloadIcon size={16} />} onClick={() => void run()} disabled={chosen.size === 0}>
            {t('portability.export.run')}
          </Button>
        </div>
      )}
    </section>
  );
}
