import type { HostedUsageReport } from '@parley/core/hosted';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';

const DAY_MS = 86_400_000;
const WIDTH = 600;
const HEIGHT = 120;

/**
 * Tokens a day over the report's days, as bars: a small SVG of our own (a chart library would be
 * several times this screen's code for one bar chart). Each bar has its numbers as a title, and the
 * chart as a whole is described for assistive technology; the tables below hold every figure.
 */
export function UsageChart({
  days,
  from,
  to,
}: {
  days: HostedUsageReport['byDay'];
  from: number;
  to: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const count = Math.max(1, Math.round((Math.floor(to / DAY_MS) * DAY_MS - from) / DAY_MS) + 1);
  const byDay = new Map(days.map((day) => [day.day, day]));
  const slots = Array.from({ length: count }, (_, index) => {
    const day = new Date(from + index * DAY_MS).toISOString().slice(0, 10);
    const entry = byDay.get(day);
    return {
      day,
      tokens: entry ? entry.promptTokens + entry.completionTokens : 0,
      cost: entry?.costUSD ?? 0,
    };
  });
  const most = Math.max(1, ...slots.map((slot) => slot.tokens));
  const slot = WIDTH / count;
  const total = slots.reduce((sum, entry) => sum + entry.tokens, 0);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-medium">
        {t('hostedModels.usage.chart', { tokens: format.tokens(total) })}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('hostedModels.usage.chart', { tokens: format.tokens(total) })}
        className="h-32 w-full text-accent"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-line" strokeWidth="1" />
        {slots.map((entry, index) => {
          const height = entry.tokens === 0 ? 0 : Math.max(2, (entry.tokens / most) * (HEIGHT - 4));
          return (
            <rect
              key={entry.day}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx="1.5"
              fill="currentColor"
            >
              <title>
                {t('hostedModels.usage.bar', {
                  day: format.date(Date.parse(entry.day), 'medium'),
                  tokens: format.tokens(entry.tokens),
                  cost: format.usd(entry.cost),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{format.date(from, 'medium')}</span>
        <span>{format.date(to, 'medium')}</span>
      </div>
    </figure>
  );
}
