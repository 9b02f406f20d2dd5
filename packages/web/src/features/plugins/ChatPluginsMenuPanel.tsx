import type { Plugin } from '@parley/core/entities';
import { enabledPlugins, pluginStatus, toggleChatPlugin } from '@parley/core/plugins';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { useActiveChat, useChatRuntime } from '../chat';
import { lazyPart } from '../../state';
import { notify } from '../toasts';
import { usePluginsDialog } from './plugins-dialog-store';
import { pluginStatusText } from './PluginStatusLine';
import { usePlugins, usePluginSettingsStatus, useUnlimitedPlugins } from './use-plugins';

// The chat's MCP servers load with the open menu, not with the first screen (first-load budget).
const ChatMcpServers = lazyPart(() => import('./ChatMcpServers'));

/** The open plugins menu: fetched when it first opens, not with the first screen (decision 0141). */
export function MenuPanel({ style, onClose }: { style: React.CSSProperties; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const runtime = useChatRuntime();
  const chat = useActiveChat((state) => state.chat);
  const { plugins, loading } = usePlugins();
  const statusOf = usePluginSettingsStatus();
  const unlimited = useUnlimitedPlugins();
  const openScreen = usePluginsDialog((state) => state.open);
  const [explained, setExplained] = useState<string | null>(null);
  const enabled = enabledPlugins(plugins, unlimited);
  const chosen = chat?.pluginIds ? new Set(chat.pluginIds) : null;

  const toggle = async (plugin: Plugin, on: boolean) => {
    const status = pluginStatus(plugin, statusOf(plugin));
    if (on && !status.usable) {
      setExplained(plugin.id);
      return;
    }
    if (!chat) return;
    const pluginIds = toggleChatPlugin(chat, plugins, plugin.id, on, { unlimited });
    try {
      const stored = await runtime.services.store.chats.update(chat.id, (current) => ({
        ...current,
        pluginIds,
      }));
      runtime.active.apply(stored);
    } catch {
      notify.error(t('plugins.menu.saveFailed'));
    }
  };

  return (
    <div
      role="dialog"
      aria-labelledby={headingId}
      style={style}
      className="z-20 flex max-h-96 flex-col gap-1 overflow-y-auto rounded-lg border border-line bg-raised p-2 shadow-popover"
    >
      <h3 id={headingId} className="px-1 text-[13px] font-semibold text-fg">
        {t('plugins.menu.title')}
      </h3>
      {!loading && enabled.length === 0 && (
        <p className="px-1 text-[13px] text-fg-subtle">{t('plugins.menu.none')}</p>
      )}
      {!chat && enabled.length > 0 && (
        <p className="px-1 text-xs text-fg-subtle">{t('plugins.menu.noChat')}</p>
      )}
      <ul className="flex flex-col">
        {enabled.map((plugin) => {
          const status = pluginStatus(plugin, statusOf(plugin));
          const on = status.usable && (!chosen || chosen.has(plugin.id));
          const descId = `${headingId}-${plugin.id}`;
          return (
            <li key={plugin.id} className="flex flex-col gap-0.5 rounded-md px-1 py-1.5 hover:bg-hover">
              <div className="flex items-center gap-2">
                <span aria-hidden="true">{plugin.emoji || '🔌'}</span>
                <span className="min-w-0 flex-1 truncate text-[13px] text-fg">{plugin.title}</span>
                <ToggleSwitch
                  on={on}
                  label={t('plugins.menu.useIn', { title: plugin.title })}
                  describedBy={status.usable ? undefined : descId}
                  disabled={!chat && status.usable}
                  onToggle={(next) => void toggle(plugin, next)}
                />
              </div>
              {!status.usable && (
                <p
                  id={descId}
                  role={explained === plugin.id ? 'alert' : undefined}
                  className={cn('text-xs', explained === plugin.id ? 'text-danger' : 'text-fg-subtle')}
                >
                  {pluginStatusText(t, i18n.language, plugin, status)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ChatMcpServers />
      <button
        type="button"
        className="rounded-md px-1 py-1.5 text-left text-[13px] font-medium text-accent hover:bg-hover"
        onClick={() => {
          onClose();
          openScreen();
        }}
      >
        {t('plugins.menu.manage')}
      </button>
    </div>
  );
}
