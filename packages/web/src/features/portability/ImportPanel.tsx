import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { UploadIcon } from '../../ui/icons/settings';
import { usePlatformServices } from '../../state';
import { useFeatureFlags } from '../license';
import { ImportPreview } from './ImportPreview';
import { KeyImportPrompt } from './KeyImportPrompt';
import { usePendingImport } from './pending-import';
import { Progress } from './Progress';
import { useImport } from './use-import';

/** Settings > Import and export > Import: pick (or drop) a file, preview, import, see the result. */
export function ImportPanel() {
  const { t } = useTranslation();
  const { store, clock } = usePlatformServices();
  const chatGPTAllowed = useFeatureFlags((state) => state.flags.importFromOpenAI);
  const { state, sealedKeys, start, confirm, cancel, reset } = useImport(store, clock, { chatGPTAllowed });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const pending = usePendingImport((s) => s.file);

  useEffect(() => {
    if (!pending) return;
    usePendingImport.getState().set(null);
    void start(pending);
  }, [pending, start]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-48 flex-1">
          <h4 id={headingId} className="text-sm font-semibold text-fg">
            {t('portability.import.title')}
          </h4>
          <p className="mt-0.5 text-[13px] text-fg-muted">{t('portability.import.hint')}</p>
        </div>
        <Button
          icon={<UploadIcon size={16} />}
          onClick={() => inputRef.current?.click()}
          disabled={state.step === 'reading' || state.step === 'writing'}
        >
          {t('portability.import.choose')}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".json,.zip,application/json,application/zip"
          className="hidden"
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void start(file);
          }}
        />
      </div>
      {state.step === 'reading' && (
        <Progress label={t(`portability.stage.${state.stage}`, { file: state.fileName })} onCancel={cancel} />
      )}
      {state.step === 'failed' && (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-[13px] text-fg">
          <p className="font-medium">{t('portability.failed.title', { file: state.fileName })}</p>
          <p className="mt-1 text-fg-muted">
            {t(`portability.failed.${state.failure}`, { detail: state.detail ?? '' })}
          </p>
        </div>
      )}
      {state.step === 'preview' && (
        <ImportPreview
          fileName={state.fileName}
          summary={state.summary}
          onConfirm={() => void confirm()}
          onCancel={reset}
        />
      )}
      {state.step === 'preview' && sealedKeys && (
        <p className="text-[13px] text-fg-muted">{t('portability.keys.inFile')}</p>
      )}
      {state.step === 'writing' && (
        <Progress
          label={t('portability.writing', { done: state.done, total: state.total })}
          done={state.done}
          total={state.total}
          onCancel={cancel}
        />
      )}
      {state.step === 'done' && (
        <div role="status" className="rounded-xl border border-line p-4 text-[13px] text-fg">
          {t('portability.done', { ...state.report })}
        </div>
      )}
      {state.step === 'done' && sealedKeys && <KeyImportPrompt file={sealedKeys.file} />}
      {state.step === 'cancelled' && (
        <div role="status" className="rounded-xl border border-line p-4 text-[13px] text-fg">
          {t('portability.cancelled', { done: state.done, total: state.total })}
        </div>
      )}
    </section>
  );
}
