import { useTranslation } from 'react-i18next';
import { skipReasons } from '@parley/core/import';
import type { ImportSummary } from '@parley/core/import';
import { Button } from '../../ui/Button';
import { useFormat } from '../../i18n';

const SHOWN_PROBLEMS = 5;

function Count({ label, value }: { label: string; value: number }) {
  const format = useFormat();
  return (
    <div className="flex flex-col rounded-lg border border-line px-3 py-2">
      <span className="text-lg font-semibold text-fg tabular-nums">{format.number(value)}</span>
      <span className="text-xs text-fg-subtle">{label}</span>
    </div>
  );
}

/** IM6: what the file holds and what will be skipped, before anything is written. */
export function ImportPreview({
  fileName,
  summary,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  summary: ImportSummary;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // Formatters are built once per language (i18n/format.ts): the preview's first paint stays quick.
  const format = useFormat();
  const date = (iso: string) => format.date(new Date(iso));
  const skipped = skipReasons.filter((reason) => (summary.skipped[reason] ?? 0) > 0);
  const nothing =
    summary.chats +
      summary.folders +
      summary.projects +
      summary.prompts +
      summary.agents +
      summary.plugins +
      summary.profiles +
      summary.memory +
      summary.usage ===
      0 && !summary.hasSettings;
  return (
    <div
      role="region"
      aria-label={t('portability.preview.label')}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <p className="text-sm text-fg">
        {t('portability.preview.found', {
          file: fileName,
          format: t(`portability.formats.${summary.format}`),
        })}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
        <Count label={t('portability.preview.chats')} value={summary.chats} />
        <Count label={t('portability.preview.messages')} value={summary.messages} />
        <Count label={t('portability.preview.attachments')} value={summary.attachments} />
        <Count label={t('portability.preview.branched')} value={summary.branchedChats} />
        <Count label={t('portability.preview.folders')} value={summary.folders} />
        {summary.projects > 0 && <Count label={t('portability.preview.projects')} value={summary.projects} />}
        {summary.prompts > 0 && <Count label={t('portability.preview.prompts')} value={summary.prompts} />}
        {summary.agents > 0 && <Count label={t('portability.preview.agents')} value={summary.agents} />}
        {summary.plugins > 0 && <Count label={t('portability.preview.plugins')} value={summary.plugins} />}
        {summary.profiles > 0 && <Count label={t('portability.preview.profiles')} value={summary.profiles} />}
        {summary.memory > 0 && <Count label={t('portability.preview.memory')} value={summary.memory} />}
        {summary.usage > 0 && <Count label={t('portability.preview.usage')} value={summary.usage} />}
      </div>
      {summary.from && summary.to && (
        <p className="text-[13px] text-fg-muted">
          {t('portability.preview.range', { from: date(summary.from), to: date(summary.to) })}
        </p>
      )}
      {summary.endpointHosts.length > 0 && (
        <p className="text-[13px] font-medium text-fg" data-testid="import-endpoint-hosts">
          {t('portability.preview.endpoints', { hosts: summary.endpointHosts.join(', ') })}
        </p>
      )}
      {summary.hasSettings && (
        <p className="text-[13px] text-fg-muted">{t('portability.preview.settings')}</p>
      )}
      {skipped.length > 0 && (
        <div>
          <p className="text-[13px] font-medium text-fg">{t('portability.preview.skippedTitle')}</p>
          <ul className="mt-1 list-disc pl-5 text-[13px] text-fg-muted" data-testid="import-skipped">
            {skipped.map((reason) => (
              <li key={reason}>{t(`portability.skipped.${reason}`, { count: summary.skipped[reason] })}</li>
            ))}
          </ul>
        </div>
      )}
      {summary.problems.length > 0 && (
        <div>
          <p className="text-[13px] font-medium text-danger">
            {t('portability.preview.problemsTitle', { count: summary.problems.length })}
          </p>
          <ul className="mt-1 list-disc pl-5 text-[13px] text-fg-muted" data-testid="import-problems">
            {summary.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
              <li key={index}>
                {t('portability.preview.problem', { item: problem.item, reason: problem.reason })}
              </li>
            ))}
            {summary.problems.length > SHOWN_PROBLEMS && (
              <li>
                {t('portability.preview.moreProblems', { count: summary.problems.length - SHOWN_PROBLEMS })}
              </li>
            )}
          </ul>
        </div>
      )}
      {nothing && <p className="text-[13px] text-fg-muted">{t('portability.preview.nothing')}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('portability.cancel')}
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={nothing}>
          {t('portability.preview.confirm')}
        </Button>
      </div>
    </div>
  );
}
