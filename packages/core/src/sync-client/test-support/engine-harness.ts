import { parseChat, parseMessage, type Chat, type Message } from '../../entities';
import { FakeClock, SequentialIdGenerator } from '../../platform';
import { createMemoryStore } from '../../storage';
import { SyncEngine, type SyncSnapshot, type SyncStatus } from '../sync-engine';
import { readSyncState } from '../sync-state';
import { FakeScheduler } from './fake-scheduler';
import { ScriptedTransport } from './scripted-transport';

/** One device for engine tests: an in-memory store, a scripted server, fake time and timers. */
export function engineHarness(options: { maxSyncPayloadSize?: number } = {}) {
  const clock = new FakeClock('2026-01-01T00:00:00.000Z');
  const store = createMemoryStore({ clock, ids: new SequentialIdGenerator('d') });
  const transport = new ScriptedTransport(options.maxSyncPayloadSize);
  const scheduler = new FakeScheduler();
  const switches = { active: true, attachments: false };
  const reported: unknown[] = [];
  const statuses: SyncStatus[] = [];
  const engine = new SyncEngine({
    store,
    transport,
    scheduler,
    availability: { isActive: () => switches.active, syncsAttachments: () => switches.attachments },
    report: (error) => reported.push(error),
  });
  engine.subscribe((snapshot) => {
    if (statuses.at(-1) !== snapshot.status) statuses.push(snapshot.status);
  });

  /** Resolves when the engine next publishes one of `wanted`. */
  const until = (...wanted: SyncStatus[]) =>
    new Promise<SyncSnapshot>((resolve) => {
      const stop = engine.subscribe((snapshot) => {
        if (wanted.includes(snapshot.status)) {
          stop();
          resolve(snapshot);
        }
      });
    });

  return {
    clock,
    store,
    transport,
    scheduler,
    switches,
    reported,
    statuses,
    engine,
    until,
    state: () => readSyncState(store),
    /** Moves the store's clock on so the next edit has a later updatedAt. */
    tick: (ms = 1000) => clock.advance(ms),
  };
}

export type EngineHarness = ReturnType<typeof engineHarness>;

const T0 = '2026-01-01T00:00:00.000Z';

export function testMessage(id: string, fields: Partial<Message> = {}): Message {
  return parseMessage({
    id,
    role: 'user',
    content: `text of ${id}`,
    createdAt: T0,
    updatedAt: T0,
    ...fields,
  });
}

export function testChat(id: string, fields: Partial<Chat> = {}): Chat {
  return parseChat({ id, chatID: id, chatTitle: `Chat ${id}`, createdAt: T0, updatedAt: T0, ...fields });
}

/** A chat as the server sends it (no syncedAt), stamped `at`. */
export function serverChat(id: string, at: string, fields: Partial<Chat> = {}): Chat {
  return testChat(id, { createdAt: at, updatedAt: at, syncedAt: null, ...fields });
}

export function sentChatIds(body: { allData: Record<string, unknown> }): string[] {
  return (body.allData.chats as { id: string }[]).map((chat) => chat.id);
}
