import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCategories } from '@parley/core/import';
import type { ExportCategory } from '@parley/core/import';
import { Button } from '../../ui/Button';
import { DownloadIcon } from '../../ui/icons/settings';
import { usePlatformServices } from '../../state';
import { exportZipName, fallbackZipRequest, saveBlob } from './export-data';
import { KeyExportOption, useKeyExportOption } from './KeyExportOption';
import { WorkerUnavailableError, zipInWorker } from './portability-client';
import { Progress } from './Progress';

/** Settings > Import and export > Export: chosen categories as one zip (IM30). */
export function ExportPanel() {
  const { t } = useTranslation();
  const { store, clock } = usePlatformServices();
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<ExportCategory>>(new Set(exportCategories));
  /**
   * What the last export did, said in the panel as the import says its result: a toast here cost a
   * main-thread task of 50-90 ms after a large export (its styles and the measuring of its height).
   */
  const [stage, setStage] = useState<
    | { step: 'idle' }
    | { step: 'collecting' }
    | { step: 'saved'; file: string }
    | { step: 'failed'; message: string }
  >({ step: 'idle' });
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
    setStage({ step: 'collecting' });
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
      const file = exportZipName(at);
      await saveBlob(file, zip);
      setStage({ step: 'saved', file });
    } catch (error) {
      const message =
        error instanceof WorkerUnavailableError
          ? t('portability.unavailable')
          : error instanceof Error
            ? error.message
            : String(error);
      setStage({ step: 'failed', message });
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
      {/* As many columns as the words allow: "История использования" needs more than a quarter. */}
      <fieldset className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-x-4 gap-y-1.5">
        <legend className="sr-only">{t('portability.export.categories')}</legend>
        {exportCategories.map((category) => (
          <label key={category} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={chosen.has(category)}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            <span className="min-w-0 wrap-break-word hyphens-auto">
              {t(`portability.categories.${category}`)}
            </span>
          </label>
        ))}
      </fieldset>
      <KeyExportOption choice={keyChoice} />
      {stage.step === 'collecting' ? (
        <Progress label={t('portability.export.collecting')} />
      ) : (
        <div>
          <Button icon={<DownloadIcon size={16} />} onClick={() => void run()} disabled={chosen.size === 0}>
            {t('portability.export.run')}
          </Button>
        </div>
      )}
      {stage.step === 'saved' && (
        <p role="status" className="rounded-xl border border-line p-4 text-[13px] text-fg">
          {t('portability.export.saved', { file: stage.file })}
        </p>
      )}
      {stage.step === 'failed' && (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-[13px] text-fg">
          {t('portability.export.failed', { message: stage.message })}
        </p>
      )}
    </section>
  );
}
