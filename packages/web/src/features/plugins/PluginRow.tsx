import type { Plugin } from '@parley/core/entities';
import { pluginFunctionsOf, type PluginStatus } from '@parley/core/plugins';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { cn } from '../../ui/cn';
import { DownloadIcon, PencilIcon, TrashIcon } from '../../ui/icons/settings';
import { SlidersIcon } from '../../ui/icons/plugins';
import { PluginStatusLine } from './PluginStatusLine';

export type PluginRowProps = {
  plugin: Plugin;
  status: PluginStatus;
  canEdit: boolean;
  onToggle: (enabled: boolean) => void;
  onSettings: () => void;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
};

/** One installed plugin: its emoji, title, functions and status, with its switch and actions. */
export function PluginRow({
  plugin,
  status,
  canEdit,
  onToggle,
  onSettings,
  onEdit,
  onExport,
  onDelete,
}: PluginRowProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const functions = pluginFunctionsOf(plugin);
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-line bg-raised px-4 py-3 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-sunken text-lg"
        >
          {plugin.emoji || '🔌'}
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h4 id={titleId} className="truncate text-sm font-semibold text-fg">
            {plugin.title}
          </h4>
          <p className="truncate font-mono text-xs text-fg-muted">
            {functions.map((fn) => fn.name).join(', ') || t('plugins.noFunctions')}
          </p>
          <PluginStatusLine plugin={plugin} status={status} />
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-center">
        <button
          type="button"
          role="switch"
          aria-checked={plugin.enabled}
          aria-label={t('plugins.enableLabel', { title: plugin.title })}
          onClick={() => onToggle(!plugin.enabled)}
          className={cn(
            'relative mr-1 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
            plugin.enabled ? 'bg-accent' : 'bg-line-strong',
          )}
        >
          <span
            className={cn(
              'inline-block size-4 rounded-full bg-white shadow transition-transform',
              plugin.enabled ? 'translate-x-4.5' : 'translate-x-0.5',
            )}
          />
        </button>
        {plugin.userSettings.length > 0 && (
          <IconButton
            label={t('plugins.settingsOf', { title: plugin.title })}
            icon={<SlidersIcon />}
            onClick={onSettings}
          />
        )}
        {canEdit && (
          <IconButton
            label={t('plugins.editOf', { title: plugin.title })}
            icon={<PencilIcon />}
            onClick={onEdit}
          />
        )}
        <IconButton
          label={t('plugins.exportOf', { title: plugin.title })}
          icon={<DownloadIcon />}
          onClick={onExport}
        />
        <IconButton
          label={t('plugins.deleteOf', { title: plugin.title })}
          icon={<TrashIcon />}
          onClick={onDelete}
        />
      </div>
    </li>
  );
}
