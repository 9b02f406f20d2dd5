import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import type { DateGroup } from '../organise';
import type { SidebarRow } from './sidebar-rows';

function useDateGroupLabel(): (group: DateGroup) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (group) =>
    group.kind === 'month'
      ? format.dateWith(new Date(group.year, group.month, 1), { month: 'long', year: 'numeric' })
      : t(`sidebar.dates.${group.kind}`);
}

/** A section heading (Pinned, Folders) or a date group heading (Today, March 2025...). */
export function RowHeading({ row }: { row: Extract<SidebarRow, { kind: 'heading' | 'date' }> }) {
  const { t } = useTranslation();
  const dateLabel = useDateGroupLabel();
  return (
    <h3 className="flex h-full items-end px-2 pb-1.5 text-xs font-medium text-fg-subtle">
      {row.kind === 'heading' ? t(`sidebar.headings.${row.heading}`) : dateLabel(row.group)}
    </h3>
  );
}
