import { filterByWords } from '@parley/core/search';
import type { Character } from '@parley/core/entities';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { PlusIcon } from '../../ui/icons/shell';
import { AgentCard } from './AgentCard';
import { AgentEditor } from './AgentEditor';
import { useAgentsDialog } from './agents-dialog-store';
import { useAgentActions } from './use-agent-actions';
import { useAgents, type AgentEntry } from './use-agents';
import { useFeatureAccess, useFeatureFlags } from '../license';

/** The list of agents (the user's, then the bundled ones), searchable, or the editor of one. */
export default function AgentsScreen() {
  const { t } = useTranslation();
  const actions = useAgentActions();
  const { own, bundled, org, loading } = useAgents(actions.pinnedBundled);
  const { editing, edit, close } = useAgentsDialog();
  const canAdd = useFeatureFlags((state) => state.flags.addNewCharacters);
  // Premium built-in agents are marked only while the license does not open them.
  const premiumOpen = useFeatureAccess('premiumCharacters').allowed;
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim());
  const searchRef = useRef<HTMLInputElement>(null);
  // Back from the editor (or after a delete) the button that had focus is gone: the search takes it,
  // so Escape and Tab keep working inside the dialog.
  useEffect(() => {
    if (editing !== null) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) searchRef.current?.focus();
  }, [editing, own.length]);

  if (editing !== null) {
    const agent = editing === 'new' ? null : (own.find((candidate) => candidate.id === editing) ?? null);
    if (editing !== 'new' && !agent && !loading) {
      // Deleted meanwhile (here or on another device): back to the list.
      edit(null);
      return null;
    }
    return loading ? null : <AgentEditor agent={agent} onDone={() => edit(null)} />;
  }

  const agentText = (agent: Character) => `${agent.title}\n${agent.description}`;
  const ownShown = filterByWords(own, search, agentText);
  const bundledShown = filterByWords(bundled, search, (entry) => agentText(entry.agent));
  const orgShown = filterByWords(org, search, (entry) => agentText(entry.agent));
  const startAndClose = async (entry: AgentEntry) => {
    if (await actions.start(entry)) close();
  };
  // AG9: what the user may edit follows where the agent is listed (their own records), never its id.
  const card = (entry: AgentEntry) => (
    <AgentCard
      key={`${entry.kind}:${entry.agent.id}`}
      agent={entry.agent}
      pinned={entry.kind === 'own' ? entry.agent.pinned : entry.pinned}
      editable={entry.kind === 'own'}
      organisation={entry.kind === 'org'}
      premium={entry.kind === 'bundled' && entry.agent.premium && !premiumOpen}
      onStart={() => void startAndClose(entry)}
      onTogglePin={() => void actions.togglePin(entry)}
      onEdit={() => edit(entry.agent.id)}
      onDuplicate={() => void actions.duplicate(entry.agent)}
      onDelete={() => void actions.remove(entry.agent)}
    />
  );

  return (
    <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-5">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          ref={searchRef}
          label={t('agents.search')}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="min-w-48 flex-1"
        />
        {canAdd && (
          <Button variant="primary" icon={<PlusIcon size={16} />} onClick={() => edit('new')}>
            {t('agents.new')}
          </Button>
        )}
      </div>
      <section aria-labelledby="own-agents-heading" className="flex flex-col gap-2">
        <h3 id="own-agents-heading" className="text-sm font-semibold text-fg">
          {t('agents.yourAgents')}
        </h3>
        {ownShown.length > 0 ? (
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {ownShown.map((agent) => card({ kind: 'own', agent }))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
            {loading ? t('agents.loading') : search ? t('agents.noMatch') : t('agents.empty')}
          </p>
        )}
      </section>
      {orgShown.length > 0 && (
        <section aria-labelledby="org-agents-heading" className="flex flex-col gap-2">
          <h3 id="org-agents-heading" className="text-sm font-semibold text-fg">
            {t('agents.organisation.heading')}
          </h3>
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">{orgShown.map(card)}</ul>
        </section>
      )}
      {bundledShown.length > 0 && (
        <section aria-labelledby="bundled-agents-heading" className="flex flex-col gap-2">
          <h3 id="bundled-agents-heading" className="text-sm font-semibold text-fg">
            {t('agents.bundledAgents')}
          </h3>
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">{bundledShown.map(card)}</ul>
        </section>
      )}
    </div>
  );
}
