import type { Plugin } from '@parley/core/entities';
import type { PluginStatus } from '@parley/core/plugins';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { formatFor } from '../../i18n';

/** Says what keeps a plugin from running, or that it is ready (PL22); also in the chat's menu. */
type StatusKey = `plugins.status.${'enabled' | 'disabled' | 'needsSettings' | 'needsMcp'}`;
type StatusT = (key: StatusKey, options?: { names: string }) => string;

export function pluginStatusText(
  translate: unknown,
  language: string,
  plugin: Plugin,
  status: PluginStatus,
): string {
  // A narrow view of `t`: the full TFunction type is too deep to pass around.
  const t = translate as StatusT;
  const { list } = formatFor(language);
  const reasons = status.blocks.map((block) =>
    block.kind === 'missing_settings'
      ? t('plugins.status.needsSettings', { names: list(block.settings.map((s) => s.label)) })
      : t('plugins.status.needsMcp'),
  );
  if (reasons.length > 0) return reasons.join(' · ');
  return plugin.enabled ? t('plugins.status.enabled') : t('plugins.status.disabled');
}

export function PluginStatusLine({ plugin, status }: { plugin: Plugin; status: PluginStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <p
      data-testid="plugin-status"
      className={cn('text-xs', status.usable ? 'text-fg-subtle' : 'text-danger')}
    >
      {pluginStatusText(t, i18n.language, plugin, status)}
    </p>
  );
}
