import { chatMcpServers, toggleChatMcpServer } from '@parley/core/mcp';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { useSyncedSetting } from '../../state';
import { useActiveChat, useChatRuntime } from '../chat';
import { notify } from '../toasts';

/**
 * The chat's MCP servers in the plugins menu (MC7): each enabled server with a switch saying
 * whether this chat uses it. Small on purpose: it is on the first screen, the SDK is not.
 */
export default function ChatMcpServers() {
  const { t } = useTranslation();
  const headingId = useId();
  const runtime = useChatRuntime();
  const chat = useActiveChat((state) => state.chat);
  const { value: servers } = useSyncedSetting('mcpServers');
  const enabled = chatMcpServers(servers, null);
  if (enabled.length === 0) return null;
  const chosen = chat?.mcpServerIds ? new Set(chat.mcpServerIds) : null;

  const toggle = async (serverId: string, on: boolean) => {
    if (!chat) return;
    const mcpServerIds = toggleChatMcpServer(servers, chat.mcpServerIds, serverId, on);
    try {
      const stored = await runtime.services.store.chats.update(chat.id, (current) => ({
        ...current,
        mcpServerIds,
      }));
      runtime.active.apply(stored);
    } catch {
      notify.error(t('plugins.menu.saveFailed'));
    }
  };

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col border-t border-line pt-1">
      <h4 id={headingId} className="px-1 py-1 text-xs font-semibold text-fg-muted">
        {t('mcp.title')}
      </h4>
      <ul className="flex flex-col">
        {enabled.map((server) => {
          const on = !chosen || chosen.has(server.id);
          return (
            <li key={server.id} className="flex items-center gap-2 rounded-md px-1 py-1.5 hover:bg-hover">
              <span aria-hidden="true">🧩</span>
              <span className="min-w-0 flex-1 truncate text-[13px] text-fg">{server.name || server.url}</span>
              <ToggleSwitch
                on={on}
                label={t('mcp.menu.useIn', { name: server.name || server.url })}
                disabled={!chat}
                onToggle={(next) => void toggle(server.id, next)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
