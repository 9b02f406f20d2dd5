import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import type { UsageDay } from './usage-summary';

type UsageBarChartProps = {
  days: readonly UsageDay[];
  /** What the bars measure: cost, or tokens when nothing in the range had a price. */
  measure: 'cost' | 'tokens';
  formatValue: (value: number) => string;
  formatDay: (day: string) => string;
};

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

/** One bar per day, drawn in SVG; each bar carries its own title (hover and screen readers). */
export function UsageBarChart({ days, measure, formatValue, formatDay }: UsageBarChartProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const valueOf = (day: UsageDay) => (measure === 'cost' ? day.costUSD : day.tokens);
  const max = Math.max(...days.map(valueOf), 0);
  const slot = WIDTH / Math.max(days.length, 1);
  const barWidth = Math.max(slot * 0.7, 1);
  const plotHeight = HEIGHT - AXIS;
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-baseline justify-between text-[13px] text-fg-muted">
        <span className="font-medium text-fg">
          {measure === 'cost' ? t('usage.byDay') : t('usage.tokensByDay')}
        </span>
        <span>{t('usage.peak', { value: formatValue(max) })}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={t('usage.byDayChart', { days: days.length })}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-lg border border-line bg-sunken"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={plotHeight}
          y2={plotHeight}
          className="stroke-line-strong"
          strokeWidth={1}
        />
        {days.map((day, index) => {
          const value = valueOf(day);
          // A day with usage always shows at least a sliver, so it never looks empty.
          const height = max === 0 ? 0 : Math.max((value / max) * (plotHeight - 8), value > 0 ? 2 : 0);
          return (
            <rect
              key={day.day}
              x={index * slot + (slot - barWidth) / 2}
              y={plotHeight - height}
              width={barWidth}
              height={height}
              rx={Math.min(2, barWidth / 4)}
              className="fill-accent"
            >
              <title>
                {t('usage.dayBar', {
                  day: formatDay(day.day),
                  cost: formatValue(value),
                  tokens: format.number(day.tokens),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div className="flex justify-between text-[12px] text-fg-subtle" aria-hidden="true">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      )}
    </figure>
  );
}
