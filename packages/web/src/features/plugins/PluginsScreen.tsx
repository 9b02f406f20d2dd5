import { pluginStatus, PLUGIN_LIMIT_WITHOUT_UNLIMITED } from '@parley/core/plugins';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { UploadIcon } from '../../ui/icons/plugins';
import { PlusIcon } from '../../ui/icons/shell';
import { lazyPart } from '../../state';
import { PluginsLoading } from './PluginsLoading';
import { BuiltinToolsSection } from '../code-run';
import { useFeatureFlags } from '../license';
import { McpServersSection } from '../mcp';
import { ImportPanel } from './ImportPanel';
import { PluginRow } from './PluginRow';
import { PluginSettingsForm } from './PluginSettingsForm';
import { usePluginsDialog } from './plugins-dialog-store';
import { usePluginActions } from './use-plugin-actions';
import { usePlugins, usePluginSettingsStatus, useUnlimitedPlugins } from './use-plugins';

// The editor (and the code editor inside it) loads only when a plugin is created or edited.
const PluginEditor = lazyPart(() => import('./PluginEditor'), { fallback: <PluginsLoading /> });

/** The installed plugins with their switches, import, and the editor or settings of one. */
export default function PluginsScreen() {
  const { t } = useTranslation();
  const { plugins, loading } = usePlugins();
  const statusOf = usePluginSettingsStatus();
  const actions = usePluginActions();
  const unlimited = useUnlimitedPlugins();
  const canAdd = useFeatureFlags((state) => state.flags.addNewPlugins);
  const { view, show } = usePluginsDialog();
  const [importing, setImporting] = useState(false);
  const toList = () => show({ kind: 'list' });
  const listRef = useRef<HTMLDivElement>(null);
  // Back from the editor or a finished import the control that had focus is gone: the list takes
  // it, so Escape and Tab keep working inside the dialog.
  useEffect(() => {
    const focused = document.activeElement;
    if (view.kind === 'list' && (!focused || focused === document.body)) listRef.current?.focus();
  }, [view.kind, importing, plugins.length]);

  if (view.kind !== 'list') {
    const plugin = plugins.find((candidate) => candidate.id === view.pluginId);
    if (loading) return null;
    if (view.kind === 'settings') {
      if (!plugin) return <BackToList onBack={toList} />;
      return <PluginSettingsForm plugin={plugin} onDone={toList} />;
    }
    if (view.pluginId !== 'new' && !plugin) return <BackToList onBack={toList} />;
    return <PluginEditor plugin={plugin ?? null} onDone={toList} />;
  }

  const enabledCount = plugins.filter((p) => p.enabled).length;
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-5 outline-none"
    >
      <BuiltinToolsSection />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-[13px] text-fg-subtle">
          {unlimited
            ? t('plugins.enabledCount', { count: enabledCount })
            : t('plugins.enabledOfLimit', { count: enabledCount, limit: PLUGIN_LIMIT_WITHOUT_UNLIMITED })}
        </p>
        {canAdd && (
          <div className="flex gap-2">
            <Button
              icon={<UploadIcon size={16} />}
              aria-expanded={importing}
              onClick={() => setImporting((v) => !v)}
            >
              {t('plugins.import.open')}
            </Button>
            <Button
              variant="primary"
              icon={<PlusIcon size={16} />}
              onClick={() => show({ kind: 'edit', pluginId: 'new' })}
            >
              {t('plugins.new')}
            </Button>
          </div>
        )}
      </div>
      {canAdd && importing && <ImportPanel onDone={() => setImporting(false)} />}
      {plugins.length > 0 ? (
        <ul aria-label={t('plugins.installed')} className="flex flex-col gap-2">
          {plugins.map((plugin) => (
            <PluginRow
              key={plugin.id}
              plugin={plugin}
              status={pluginStatus(plugin, statusOf(plugin))}
              canEdit={canAdd}
              onToggle={(on) => void actions.setEnabled(plugin, on)}
              onSettings={() => show({ kind: 'settings', pluginId: plugin.id })}
              onEdit={() => show({ kind: 'edit', pluginId: plugin.id })}
              onExport={() => actions.exportPlugin(plugin)}
              onDelete={() => void actions.remove(plugin)}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
          {loading ? t('plugins.loading') : t('plugins.empty')}
        </p>
      )}
      <McpServersSection />
    </div>
  );
}

/** Shown for a moment when the plugin being edited was deleted meanwhile (here or through sync). */
function BackToList({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="px-5 py-6">
      <Button onClick={onBack}>{t('plugins.back')}</Button>
    </div>
  );
}
