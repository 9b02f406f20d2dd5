import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons/shell';
import { AddServerForm } from './AddServerForm';
import { ServerRow } from './ServerRow';
import { useMcpServers } from './use-mcp-servers';
import { usePageSignInResult } from './use-oauth-sign-in';

/**
 * The Servers section of the Plugins screen: remote MCP servers the browser talks to itself, each
 * with its status, its tools (each with a switch) and its own switch; add by address.
 */
export function McpServersSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { servers, add, update, remove } = useMcpServers();
  const [adding, setAdding] = useState(false);
  // Rows read their server again when this changes (a sign-in finished after a full-page redirect).
  const [signInRound, setSignInRound] = useState(0);
  usePageSignInResult(servers, () => setSignInRound((n) => n + 1));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={headingId} className="text-sm font-semibold text-fg">
            {t('mcp.title')}
          </h3>
          <p className="text-[13px] text-fg-subtle">{t('mcp.intro')}</p>
        </div>
        <Button icon={<PlusIcon size={16} />} aria-expanded={adding} onClick={() => setAdding((v) => !v)}>
          {t('mcp.add')}
        </Button>
      </div>
      {adding && (
        <AddServerForm
          onCancel={() => setAdding(false)}
          onAdd={async (draft) => {
            await add(draft);
            setAdding(false);
          }}
        />
      )}
      {servers.length > 0 ? (
        <ul aria-label={t('mcp.title')} className="flex flex-col gap-2">
          {servers.map((server) => (
            <ServerRow
              key={`${server.id}:${signInRound}`}
              server={server}
              onChange={(change) => void update(server, change)}
              onRemove={() => void remove(server)}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-4 text-center text-[13px] text-fg-subtle">
          {t('mcp.empty')}
        </p>
      )}
    </section>
  );
}
