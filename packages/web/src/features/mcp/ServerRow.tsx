import type { McpServer } from '@parley/core/entities';
import { MCP_TOOLS_PER_REQUEST } from '@parley/core/mcp';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { TrashIcon } from '../../ui/icons/settings';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { useOAuthSignIn } from './use-oauth-sign-in';
import { useServerTools, type ServerState } from './use-server-tools';

/** One server: name, address, switch, status, and its tools each with a switch (MC4). */
export function ServerRow({
  server,
  onChange,
  onRemove,
}: {
  server: McpServer;
  onChange: (change: Partial<McpServer>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { state, connect } = useServerTools(server);
  const oauth = useOAuthSignIn(server, onChange, connect);
  const off = new Set(server.disabledTools);
  const setTool = (name: string, on: boolean) =>
    onChange({
      disabledTools: on ? server.disabledTools.filter((n) => n !== name) : [...server.disabledTools, name],
    });
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-line bg-raised px-4 py-3"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-sunken text-lg"
        >
          🧩
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h4 id={titleId} className="truncate text-sm font-semibold text-fg">
            {server.name || server.url}
          </h4>
          <p className="truncate font-mono text-xs text-fg-muted">{server.url}</p>
          <StatusLine state={server.enabled ? state : { status: 'idle' }} enabled={server.enabled} />
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ToggleSwitch
            on={server.enabled}
            label={t('mcp.row.enable', { name: server.name })}
            onToggle={(on) => onChange({ enabled: on })}
          />
          <IconButton
            label={t('mcp.row.remove', { name: server.name })}
            icon={<TrashIcon />}
            onClick={onRemove}
          />
        </div>
      </div>
      {server.enabled && state.status !== 'connecting' && (
        <div className="flex flex-wrap items-center gap-2">
          {state.status === 'signIn' ? (
            <Button size="sm" variant="primary" disabled={oauth.busy} onClick={oauth.signIn}>
              {t(oauth.busy ? 'mcp.row.signingIn' : 'mcp.row.signIn')}
            </Button>
          ) : (
            <Button size="sm" onClick={() => void connect()}>
              {t('mcp.row.connect')}
            </Button>
          )}
          {server.auth === 'oauth' && oauth.signedIn && (
            <Button size="sm" onClick={() => void oauth.signOut()}>
              {t('mcp.row.signOut')}
            </Button>
          )}
        </div>
      )}
      {oauth.error && (
        <p role="alert" className="text-xs text-danger">
          {oauth.error}
        </p>
      )}
      {server.enabled && state.status === 'connected' && state.tools.length > 0 && (
        <ul
          aria-label={t('mcp.row.tools', { name: server.name })}
          className="flex max-h-64 flex-col overflow-y-auto rounded-lg border border-line"
        >
          {state.tools.map((tool) => (
            <li
              key={tool.name}
              className="flex items-center gap-3 border-b border-line px-3 py-1.5 last:border-b-0"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-mono text-xs text-fg">{tool.name}</span>
                {tool.description && (
                  <span className="line-clamp-2 text-xs text-fg-subtle">{tool.description}</span>
                )}
              </div>
              <ToggleSwitch
                on={!off.has(tool.name)}
                label={t('mcp.row.useTool', { name: tool.name })}
                onToggle={(on) => setTool(tool.name, on)}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function StatusLine({ state, enabled }: { state: ServerState; enabled: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return <p className="text-xs text-fg-subtle">{t('mcp.status.off')}</p>;
  if (state.status === 'failed')
    return (
      <p role="alert" className="text-xs text-danger">
        {state.message}
      </p>
    );
  if (state.status === 'signIn')
    return (
      <p role="status" className="text-xs text-fg-muted">
        {t('mcp.status.signIn')}
      </p>
    );
  if (state.status === 'connected') {
    const count = state.tools.length;
    return (
      <p role="status" className="text-xs text-fg-muted">
        {t(state.transport === 'sse' ? 'mcp.status.connectedSse' : 'mcp.status.connected', { count })}
        {count > MCP_TOOLS_PER_REQUEST && ` ${t('mcp.status.tooMany', { limit: MCP_TOOLS_PER_REQUEST })}`}
      </p>
    );
  }
  return (
    <p role="status" className="text-xs text-fg-subtle">
      {t(state.status === 'connecting' ? 'mcp.status.connecting' : 'mcp.status.idle')}
    </p>
  );
}
