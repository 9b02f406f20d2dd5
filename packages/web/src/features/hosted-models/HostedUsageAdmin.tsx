import type { HostedUsageReport, HostedUsageTotals } from '@parley/core/hosted';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { hostedAdmin } from './hosted-admin-client';
import { UsageChart } from './UsageChart';

const DAYS = 30;

/** The admin panel's Usage tab (HM11): per member and per model, and tokens a day as a chart. */
export default function HostedUsageAdmin() {
  const { t } = useTranslation();
  const [report, setReport] = useState<HostedUsageReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    hostedAdmin
      .usage(DAYS)
      .then(setReport, (error: unknown) =>
        setProblem(error instanceof Error ? error.message : String(error)),
      );
  }, []);
  if (problem)
    return (
      <p role="alert" className="text-sm text-danger">
        {t('hostedModels.admin.loadFailed', { message: problem })}
      </p>
    );
  if (!report) return <p className="text-sm text-muted">{t('hostedModels.admin.loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <h3 className="text-base font-semibold">{t('hostedModels.usage.title', { days: DAYS })}</h3>
      {report.byMember.length === 0 ? (
        <p className="text-sm text-muted">{t('hostedModels.usage.empty')}</p>
      ) : (
        <>
          <UsageChart days={report.byDay} from={report.from} to={report.to} />
          <UsageTable
            caption={t('hostedModels.usage.byMember')}
            nameHeader={t('hostedModels.usage.member')}
            rows={report.byMember.map((row) => ({ key: row.userId, name: row.email, ...row }))}
          />
          <UsageTable
            caption={t('hostedModels.usage.byModel')}
            nameHeader={t('hostedModels.usage.model')}
            rows={report.byModel.map((row) => ({ key: row.modelId, name: row.displayName, ...row }))}
          />
        </>
      )}
    </div>
  );
}

function UsageTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: readonly (HostedUsageTotals & { key: string; name: string })[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-sm">
        <caption className="px-3 pt-2 text-left font-medium">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {nameHeader}
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              {t('hostedModels.usage.requests')}
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              {t('hostedModels.usage.tokensIn')}
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              {t('hostedModels.usage.tokensOut')}
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              {t('hostedModels.usage.cost')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="max-w-48 truncate px-3 py-2 text-left font-normal">
                {row.name}
              </th>
              <td className={cell}>{format.number(row.requests)}</td>
              <td className={cell}>{format.tokens(row.promptTokens)}</td>
              <td className={cell}>{format.tokens(row.completionTokens)}</td>
              <td className={cell}>{format.usd(row.costUSD)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
