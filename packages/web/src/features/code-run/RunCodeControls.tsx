import { useTranslation } from 'react-i18next';
import type { CodeRunOutcome } from './code-runner';
import { RUN_BUTTON_SECONDS } from './run-now';

/** A code block's Run button and its output: a chunk of their own with their strings (codeRun). */

export function RunButton({ running, onRun }: { running: boolean; onRun: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled={running}
      onClick={onRun}
      className="inline-flex h-6 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-hover hover:text-fg disabled:opacity-60"
    >
      <span aria-hidden="true">▶</span>
      {running ? t('codeRun.running') : t('codeRun.run')}
    </button>
  );
}

const INLINE_IMAGE = /^image\/(?:png|jpeg|gif)$/;
const PRE = 'overflow-x-auto whitespace-pre-wrap px-3.5 py-2 font-mono text-[13px]';

/**
 * What a run gave: output, errors, the value, and the files written (PNG/JPEG/GIF as `<img>` from
 * data: URLs; other files, SVG included, named only, never drawn in the app's page).
 */
export function RunOutput({ outcome, language }: { outcome: CodeRunOutcome; language: string }) {
  const { t } = useTranslation();
  const label = t('codeRun.outputLabel', { language });
  if (!outcome.ok) {
    return (
      <div role="status" aria-label={label} className="border-t border-line">
        <p className={`${PRE} text-danger`}>
          {outcome.timedOut ? t('codeRun.timedOut', { seconds: RUN_BUTTON_SECONDS }) : outcome.message}
        </p>
      </div>
    );
  }
  const { stdout, stderr, result, error, files } = outcome.output;
  const empty = !stdout && !stderr && result === undefined && !error && files.length === 0;
  return (
    <div role="status" aria-label={label} className="border-t border-line">
      {stdout && <pre className={PRE}>{stdout}</pre>}
      {stderr && <pre className={`${PRE} text-fg-muted`}>{stderr}</pre>}
      {result !== undefined && <pre className={PRE}>{`→ ${result}`}</pre>}
      {error && <pre className={`${PRE} text-danger`}>{error}</pre>}
      {files.map((file) =>
        INLINE_IMAGE.test(file.mimeType) ? (
          <img
            key={file.name}
            alt={file.name}
            src={`data:${file.mimeType};base64,${file.base64}`}
            className="mx-3.5 my-2 max-h-96 max-w-full rounded border border-line bg-white"
          />
        ) : (
          <p key={file.name} className="px-3.5 py-1 text-[13px] text-fg-muted">
            {file.name}
          </p>
        ),
      )}
      {empty && <p className={`${PRE} text-fg-subtle`}>{t('codeRun.noOutput')}</p>}
    </div>
  );
}
