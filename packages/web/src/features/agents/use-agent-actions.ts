import { endpointFingerprint, splitAgentSecrets } from '@parley/core/agent-context';
import { newCharacter, type Character } from '@parley/core/entities';
import { canUse } from '@parley/core/license';
import { isoNow } from '@parley/core/platform';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatRuntime } from '../chat';
import { useFeatureFlags } from '../license';
import { notify, notifyUndoable } from '../toasts';
import type { AgentEntry } from './use-agents';
import { showBlockedAgent } from './blocked-agent-toast';
import {
  useEndpointApprovals,
  useKeyVaultStore,
  useLicense,
  usePlatformServices,
  useSyncedSetting,
} from '../../state';

/** The synced `characterSettings` key holding the ids of bundled agents the user pinned. */
const PINNED_BUNDLED = 'pinnedBundledIDs';

export function pinnedBundledIn(settings: Record<string, unknown>): string[] {
  const value = settings[PINNED_BUNDLED];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/** What the agents screens do: start a chat, save, pin, duplicate and delete (with undo). */
export function useAgentActions() {
  const { t } = useTranslation();
  const services = usePlatformServices();
  const runtime = useChatRuntime();
  const vault = useKeyVaultStore();
  const approvals = useEndpointApprovals();
  const { state: license } = useLicense();
  const flags = useFeatureFlags((store) => store.flags);
  const { value: characterSettings, save: saveCharacterSettings } = useSyncedSetting('characterSettings');

  /** Whether an agent is built in comes from where it is listed, never from its id (AG9). */
  const start = useCallback(
    async (entry: AgentEntry) => {
      const gate =
        entry.kind === 'bundled'
          ? canUse(entry.agent.premium ? 'premiumCharacters' : 'systemCharacters', license, flags)
          : { allowed: true as const };
      if (!gate.allowed) {
        if (gate.reason === 'disabled') notify.error(t('agents.unavailable'));
        else showBlockedAgent(gate);
        return false;
      }
      const agent = entry.agent;
      const character: Character =
        entry.kind === 'bundled' ? (({ premium: _premium, ...rest }) => rest)(entry.agent) : entry.agent;
      const outcome = await runtime.session.startWithAgent(character);
      if (!outcome.ok) return false;
      if (entry.kind === 'own') {
        // lastUsedAt orders the list; a failure to note it must not stop the chat.
        await services.store.characters
          .put({ ...agent, lastUsedAt: isoNow(services.clock) }, { touch: false })
          .catch(() => undefined);
      }
      return true;
    },
    [license, flags, runtime, services, t],
  );

  /**
   * Saves an agent the user wrote or reviewed in the editor. Its endpoints are approved on this device
   * (DC7), all of them unless `approveEndpoint` says which (by index): one that came from elsewhere
   * and was left off stays off.
   */
  const save = useCallback(
    async (agent: Character, options: { approveEndpoint?: (index: number) => boolean } = {}) => {
      // AG8: secret row values go to this device's key vault; the stored, synced agent keeps them empty.
      const split = splitAgentSecrets(agent, () => services.ids.randomId());
      if (Object.keys(split.secrets).length > 0) {
        await vault.getState().updateCustomSecrets((current) => ({ ...current, ...split.secrets }));
      }
      const approve = options.approveEndpoint ?? (() => true);
      approvals.approve(
        split.agent.dynamicContextEndpoints.filter((_, index) => approve(index)).map(endpointFingerprint),
      );
      const saved = await services.store.characters.put(split.agent);
      notify.success(t('agents.saved', { title: saved.title }));
      return saved;
    },
    [services, vault, approvals, t],
  );

  const create = useCallback(
    (fields: Partial<Character>) => newCharacter(fields, { clock: services.clock, ids: services.ids }),
    [services],
  );

  const duplicate = useCallback(
    async (agent: Character) => {
      const copy = newCharacter(
        {
          ...agent,
          id: undefined,
          title: t('agents.copyTitle', { title: agent.title }),
          pinned: false,
          lastUsedAt: null,
          syncedAt: null,
        },
        { clock: services.clock, ids: services.ids },
      );
      await services.store.characters.put(copy);
      notify.success(t('agents.duplicated', { title: agent.title }));
      return copy;
    },
    [services, t],
  );

  const remove = useCallback(
    async (agent: Character) => {
      await services.store.characters.delete(agent.id);
      notifyUndoable(t('agents.deleted', { title: agent.title }), {
        undoLabel: t('agents.undo'),
        onUndo: () => {
          void services.store.characters.put({ ...agent, deletedAt: null });
        },
      });
    },
    [services, t],
  );

  const pinnedBundled = useMemo(() => pinnedBundledIn(characterSettings), [characterSettings]);

  const togglePin = useCallback(
    async (entry: AgentEntry) => {
      const agent = entry.agent;
      if (entry.kind !== 'own') {
        const next = pinnedBundled.includes(agent.id)
          ? pinnedBundled.filter((id) => id !== agent.id)
          : [...pinnedBundled, agent.id];
        await saveCharacterSettings({ ...characterSettings, [PINNED_BUNDLED]: next });
        return;
      }
      await services.store.characters.put({ ...agent, pinned: !agent.pinned });
    },
    [pinnedBundled, characterSettings, saveCharacterSettings, services],
  );

  return { start, save, create, duplicate, remove, togglePin, pinnedBundled };
}
