import { findModel } from '@parley/core/models';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { useFormat } from '../../i18n';
import { UsageBarChart } from './UsageBarChart';
import {
  rangeStart,
  summariseUsage,
  usageRanges,
  type UsageRangeDays,
  type UsageSummary,
} from './usage-summary';
import { useModelLists, usePlatformServices, useSyncedSettings } from '../../state';

type Loaded =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; summary: UsageSummary };

/** Settings > Usage: tokens and cost by day and by model over the last 7, 30 or 90 days. */
export default function UsageSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const { store, clock } = usePlatformServices();
  const [days, setDays] = useState<UsageRangeDays>(30);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    const now = new Date(clock.now());
    store.usage.query({ from: rangeStart(days, now).toISOString() }).then(
      (records) => current && setLoaded({ status: 'ready', summary: summariseUsage(records, days, now) }),
      (error: unknown) =>
        current &&
        setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [store, clock, days]);

  const formatDay = (day: string) =>
    format.dateWith(new Date(`${day}T12:00:00`), { month: 'short', day: 'numeric' });

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-fg-muted">{t('usage.intro')}</p>
      <SegmentedControl
        label={t('usage.range')}
        value={String(days) as `${UsageRangeDays}`}
        options={usageRanges.map((range) => ({
          value: `${range}` as const,
          label: t(`usage.ranges.${range}`),
        }))}
        onValueChange={(value) => setDays(Number(value) as UsageRangeDays)}
      />
      {loaded.status === 'loading' && <p className="text-sm text-fg-subtle">{t('usage.loading')}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {t('usage.failed', { message: loaded.message })}
        </p>
      )}
      {loaded.status === 'ready' && <UsageReport summary={loaded.summary} formatDay={formatDay} />}
    </div>
  );
}

function UsageReport({ summary, formatDay }: { summary: UsageSummary; formatDay: (day: string) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const listed = useModelLists((state) => state.known);
  const modelOf = (id: string) => findModel(id, customModels) ?? listed.get(id);
  const { totals, enhancements } = summary;
  const usd = format.usd;
  const priced = totals.costUSD > 0 || totals.tokens === 0;
  return (
    <>
      {/* As many columns as fit: a long small cost ("$0.00012") wraps the row, never overflows. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-3">
        {[
          [t('usage.totalCost'), usd(totals.costUSD)],
          [t('usage.totalTokens'), format.tokens(totals.tokens)],
          [t('usage.requests'), format.number(totals.requests)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-raised px-3 py-2.5">
            <dt className="text-[12px] text-fg-subtle">{label}</dt>
            <dd className="text-lg font-semibold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.requests === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-subtle">
          {t('usage.empty')}
        </p>
      ) : (
        <>
          <UsageBarChart
            days={summary.days}
            measure={priced ? 'cost' : 'tokens'}
            formatValue={priced ? usd : format.tokens}
            formatDay={formatDay}
          />
          <table className="w-full text-sm">
            <caption className="mb-2 text-left text-[13px] font-medium text-fg">{t('usage.byModel')}</caption>
            <thead>
              <tr className="border-b border-line text-left text-[12px] text-fg-subtle">
                <th scope="col" className="py-1.5 font-medium">
                  {t('usage.model')}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('usage.tokens')}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('usage.cost')}
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.models.map((row) => (
                <tr key={row.model ?? ''} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 text-left font-normal text-fg">
                    {row.model === null ? t('usage.unknownModel') : (modelOf(row.model)?.title ?? row.model)}
                  </th>
                  <td className="py-2 text-right text-fg-muted tabular-nums">{format.tokens(row.tokens)}</td>
                  <td className="py-2 text-right text-fg tabular-nums">
                    {/* MD1: no known price costs zero, which is not the same as free. */}
                    {row.costUSD === 0 && row.model !== null && !modelOf(row.model)?.pricing
                      ? t('usage.priceUnknown')
                      : usd(row.costUSD)}
                  </td>
                </tr>
              ))}
              {enhancements.tokens > 0 && (
                // Hidden calls made after answers: counted in the totals, so shown, not mixed in.
                <tr className="text-fg-muted">
                  <th scope="row" className="py-2 text-left font-normal">
                    {t('usage.enhancements')}
                  </th>
                  <td className="py-2 text-right tabular-nums">{format.tokens(enhancements.tokens)}</td>
                  <td className="py-2 text-right tabular-nums">{usd(enhancements.costUSD)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
