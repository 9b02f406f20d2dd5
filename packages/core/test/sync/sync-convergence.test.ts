import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/entities';
import type { Chat } from '../../src/entities';
import { canonicalJson } from '../../src/sync/canonical-json';
import { mergeChat } from '../../src/sync/merge-chat';
import { deleteMessage, isMessageDeleted } from '../../src/sync/merge-message';
import { mergeRecord } from '../../src/sync/merge-record';
import { InMemorySyncServer } from '../../src/sync/test-support/in-memory-sync-server';
import { ModelDevice } from '../../src/sync/test-support/model-device';
import { at, chat, folder, message } from '../../src/sync/test-support/sync-fixtures';

/**
 * MG9 end to end: 2-3 simulated devices make random edits, appends, moves and deletes and sync in
 * random order through an in-memory model of the server built on the real merge functions.
 */
const FOLDERS = ['f-0', 'f-1', 'f-2'];

const operation = fc.record({
  device: fc.nat(2),
  /** False keeps the clock still, so updatedAt ties happen. */
  advance: fc.boolean(),
  pick: fc.nat(20),
  pickMessage: fc.nat(20),
  kind: fc.constantFrom(
    'create',
    'append',
    'append',
    'editMessage',
    'deleteMessage',
    'rename',
    'move',
    'deleteChat',
    'editFolder',
    'deleteFolder',
    'sync',
    'sync',
    'sync',
    'resync',
  ),
});
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

type Story = {
  appended: Map<string, string>;
  deletedMessages: Set<string>;
  deletedChats: Set<string>;
  deletedFolders: Set<string>;
};

function run(deviceCount: number, operations: readonly Operation[]) {
  const server = new InMemorySyncServer();
  const devices = Array.from({ length: deviceCount }, (_, i) => new ModelDevice(`d${i}`));
  const story: Story = {
    appended: new Map(),
    deletedMessages: new Set(),
    deletedChats: new Set(),
    deletedFolders: new Set(),
  };
  let tick = 1;
  let counter = 0;
  for (const op of operations) {
    if (op.advance) tick += 1;
    const now = at(tick);
    const device = devices[op.device % deviceCount]!;
    const live = device.liveChats();
    const target: Chat | undefined = live[op.pick % Math.max(live.length, 1)];
    const folderId = FOLDERS[op.pick % FOLDERS.length]!;
    switch (op.kind) {
      case 'create':
        counter += 1;
        device.putChat(chat(`ch-${device.name}-${counter}`, { createdAt: now, updatedAt: now }));
        break;
      case 'append':
        if (!target) break;
        counter += 1;
        story.appended.set(`m-${device.name}-${counter}`, target.id);
        device.putChat({
          ...target,
          updatedAt: now,
          messages: [
            ...target.messages,
            message(`m-${device.name}-${counter}`, { createdAt: now, updatedAt: now }),
          ],
        });
        break;
      case 'editMessage':
      case 'deleteMessage': {
        const victim = target?.messages.filter((m) => !isMessageDeleted(m))[
          op.pickMessage % Math.max(target.messages.length, 1)
        ];
        if (!target || !victim) break;
        const changed =
          op.kind === 'deleteMessage'
            ? deleteMessage(victim, now)
            : parseMessage({ ...victim, content: `edit ${counter++} on ${device.name}`, updatedAt: now });
        if (op.kind === 'deleteMessage') story.deletedMessages.add(victim.id);
        device.putChat({
          ...target,
          updatedAt: now,
          messages: target.messages.map((m) => (m.id === victim.id ? changed : m)),
        });
        break;
      }
      case 'rename':
        if (target)
          device.putChat({ ...target, chatTitle: `title ${counter++} on ${device.name}`, updatedAt: now });
        break;
      case 'move':
        if (target) device.putChat({ ...target, folderID: folderId, updatedAt: now });
        break;
      case 'deleteChat':
        if (!target) break;
        story.deletedChats.add(target.id);
        device.deleteChat(target.id, now);
        break;
      case 'editFolder': {
        const existing = device.folders.get(folderId);
        if (existing?.deletedAt) break;
        device.putFolder(
          folder(folderId, {
            title: `folder ${counter++}`,
            order: op.pickMessage,
            createdAt: now,
            updatedAt: now,
          }),
        );
        break;
      }
      case 'deleteFolder':
        if (!device.folders.get(folderId)) break;
        story.deletedFolders.add(folderId);
        device.deleteFolder(folderId, now);
        break;
      case 'sync':
      case 'resync':
        device.sync(server, now, op.kind === 'resync');
        break;
    }
  }
  // Everyone syncs twice in turn: the first round pushes, the second pulls what others pushed.
  for (let round = 0; round < 2; round += 1) {
    tick += 1;
    for (const device of devices) device.sync(server, at(tick));
  }
  return { server, devices, story };
}

/**
 * What must be equal on every replica: the live records in full (syncedAt aside). A deleted record
 * may be a tombstone or simply absent (a device that never saw it only hears its id).
 */
function replicaState(chats: Iterable<Chat>, folders: Iterable<{ id: string; deletedAt: string | null }>) {
  const sorted = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  const chatList = sorted([...chats]);
  const folderList = sorted([...folders]);
  return canonicalJson({
    live: chatList.filter((c) => c.deletedAt === null).map((c) => ({ ...c, syncedAt: null })),
    folders: folderList.filter((f) => f.deletedAt === null),
  });
}

describe('sync convergence (property)', () => {
  it('MG1 MG5 MG6 MG9 random edits, appends, moves and deletes on 2-3 devices converge, losing nothing and resurrecting nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.array(operation, { minLength: 10, maxLength: 80, size: 'max' }),
        (deviceCount, operations) => {
          const { server, devices, story } = run(deviceCount, operations);
          const serverChats = new Map([...server.chats.rows].map(([id, row]) => [id, row.value]));
          const serverFolders = [...server.folders.rows.values()].map((row) => row.value);
          const expected = replicaState(serverChats.values(), serverFolders);
          for (const device of devices)
            expect(replicaState(device.chats.values(), device.folders.values())).toBe(expected);

          for (const id of story.deletedChats) expect(serverChats.get(id)?.deletedAt).not.toBeNull();
          for (const id of story.deletedFolders)
            expect(server.folders.rows.get(id)?.value.deletedAt).not.toBeNull();
          for (const [messageId, chatId] of story.appended) {
            const final = serverChats.get(chatId);
            expect(final).toBeDefined();
            if (final!.deletedAt !== null) continue; // MG5: the whole chat was deleted
            const found = final!.messages.find((m) => m.id === messageId);
            expect(found, `message ${messageId} lost from ${chatId}`).toBeDefined();
            expect(isMessageDeleted(found!)).toBe(story.deletedMessages.has(messageId));
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('MG9 mergeChat is commutative, associative and idempotent on random versions of one chat', () => {
    const version = fc
      .record({
        updated: fc.nat(5),
        deleted: fc.boolean(),
        title: fc.constantFrom('a', 'b', 'c'),
        messages: fc.uniqueArray(
          fc.record({
            id: fc.constantFrom('m1', 'm2', 'm3', 'm4'),
            created: fc.nat(3),
            updated: fc.nat(3),
            text: fc.constantFrom('x', 'y'),
            gone: fc.boolean(),
          }),
          { selector: (m) => m.id, maxLength: 4 },
        ),
      })
      .map((v) =>
        chat('ch-1', {
          chatTitle: v.title,
          updatedAt: at(v.updated),
          deletedAt: v.deleted && v.updated > 3 ? at(v.updated) : null,
          messages: v.messages.map((m) => {
            const made = message(m.id, {
              createdAt: at(m.created),
              updatedAt: at(m.updated),
              content: m.text,
            });
            return m.gone ? deleteMessage(made, at(m.updated)) : made;
          }),
        }),
      );
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const same = (x: Chat, y: Chat) => expect(canonicalJson(x)).toBe(canonicalJson(y));
        same(mergeChat(a, b), mergeChat(b, a));
        same(mergeChat(mergeChat(a, b), c), mergeChat(a, mergeChat(b, c)));
        const ab = mergeChat(a, b);
        same(mergeChat(ab, ab), ab);
        same(mergeChat(ab, a), ab);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('MG9 mergeRecord is commutative, associative and idempotent', () => {
    const version = fc
      .record({
        updated: fc.nat(3),
        deleted: fc.boolean(),
        title: fc.constantFrom('a', 'b'),
        order: fc.nat(2),
      })
      .map((v) =>
        folder('f', {
          title: v.title,
          order: v.order,
          updatedAt: at(v.updated),
          deletedAt: v.deleted ? at(v.updated) : null,
        }),
      );
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(mergeRecord(a, b)).toEqual(mergeRecord(b, a));
        expect(mergeRecord(mergeRecord(a, b), c)).toEqual(mergeRecord(a, mergeRecord(b, c)));
        expect(mergeRecord(a, a)).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });
});
