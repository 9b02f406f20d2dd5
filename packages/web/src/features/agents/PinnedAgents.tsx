import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AgentsIcon } from '../../ui/icons/shell';
import { AgentAvatar } from './AgentAvatar';
import { useAgentsDialog } from './agents-dialog-store';
import { useAgentActions } from './use-agent-actions';
import { useAgents, type AgentEntry } from './use-agents';

/**
 * On the empty chat: the agents pinned on the main page, one click to start a chat with one. With
 * nothing pinned, the first bundled agents are offered instead, so a new user sees what agents are.
 */
export default function PinnedAgents() {
  const { t } = useTranslation();
  const actions = useAgentActions();
  const { pinned, bundled, loading } = useAgents(actions.pinnedBundled);
  const open = useAgentsDialog((state) => state.open);
  if (loading) return null;
  const shown: AgentEntry[] = pinned.length > 0 ? pinned.slice(0, 6) : bundled.slice(0, 3);
  return (
    <section aria-labelledby="pinned-agents-heading" className="mt-8 w-full max-w-2xl">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="pinned-agents-heading" className="text-sm font-medium text-fg-muted">
          {pinned.length > 0 ? t('agents.pinnedTitle') : t('agents.suggestedTitle')}
        </h2>
        <Button size="sm" variant="ghost" icon={<AgentsIcon size={15} />} onClick={() => open()}>
          {t('agents.browse')}
        </Button>
      </div>
      {shown.length > 0 && (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((entry) => (
            <li key={`${entry.kind}:${entry.agent.id}`}>
              <button
                type="button"
                onClick={() => void actions.start(entry)}
                className="flex w-full items-center gap-3 rounded-xl border border-line bg-raised px-3 py-2.5 text-left shadow-xs transition-colors hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
              >
                <AgentAvatar agent={entry.agent} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-fg">{entry.agent.title}</span>
                  <span className="block truncate text-[13px] text-fg-subtle">
                    {entry.agent.description || t('agents.noDescription')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
