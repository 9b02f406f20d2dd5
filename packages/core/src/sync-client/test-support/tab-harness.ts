import { FakeClock, SequentialIdGenerator } from '../../platform';
import type { SyncStatus } from '../sync-engine';
import { TabSyncEngine } from '../tab-sync-engine';
import { FakeScheduler } from './fake-scheduler';
import { FakeTabLocks } from './fake-tab-locks';
import { MemoryTabChannels } from './memory-tab-channels';
import { ScriptedTransport } from './scripted-transport';
import { sharedTabStores, type TabStoreGate } from './shared-tab-stores';

/**
 * Several tabs of one browser profile for leader tests: one shared store, one lock manager, one
 * channel; each tab has its own transport (to see which tab talked to the server) and timers.
 */
export function tabsHarness() {
  const clock = new FakeClock('2026-01-01T00:00:00.000Z');
  const stores = sharedTabStores({ clock });
  const locks = new FakeTabLocks();
  const channels = new MemoryTabChannels();
  const switches = { active: true };

  function openTab(name: string, options: { coordinated?: boolean } = {}) {
    const visibility = { visible: true };
    const gate: TabStoreGate = { held: null };
    const store = stores.open(gate);
    const transport = new ScriptedTransport();
    const scheduler = new FakeScheduler();
    const channel = channels.open();
    const statuses: SyncStatus[] = [];
    const engine = new TabSyncEngine({
      store,
      transport,
      scheduler,
      availability: { isActive: () => switches.active, syncsAttachments: () => false },
      ids: new SequentialIdGenerator(`${name}-`),
      clock,
      tabs:
        options.coordinated === false
          ? null
          : { locks: locks.forTab(name), channel, isVisible: () => visibility.visible },
    });
    engine.subscribe((snapshot) => {
      if (statuses.at(-1) !== snapshot.status) statuses.push(snapshot.status);
    });
    return {
      name,
      store,
      transport,
      scheduler,
      engine,
      statuses,
      visibility,
      /**
       * The tab is alive but runs nothing (a phone's background tab, a hung page): it keeps its lock,
       * hears nothing and its timers stand still (this tab's scheduler is only moved on by the test).
       * Thawing, it gets what it missed: other tabs' messages, store changes and its lock's loss.
       */
      freeze() {
        channel.freeze();
        gate.held ??= [];
        locks.freezeTab(name);
      },
      thaw() {
        channel.thaw();
        const missed = gate.held ?? [];
        gate.held = null;
        for (const change of missed) change();
        locks.thawTab(name);
      },
      /** The tab is closed: nothing in it runs any more, and the browser releases its lock. */
      close() {
        channel.close();
        engine.stop();
        locks.closeTab(name);
      },
    };
  }

  return { clock, locks, channels, switches, openTab, settle };
}

/** Lets every queued message, lock grant and store write go through. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
