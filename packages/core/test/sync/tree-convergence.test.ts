import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendToPath,
  branchToDelete,
  chatPath,
  deleteMessage,
  editAsBranch,
  regenerateTarget,
  switchBranch,
  upsertMessage,
} from '../../src/chat/chat-edits';
import { newMessage } from '../../src/chat/chat-messages';
import { buildMessageTree } from '../../src/chat/message-tree';
import type { Chat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { canonicalJson } from '../../src/sync/canonical-json';
import { mergeChat } from '../../src/sync/merge-chat';
import { isMessageDeleted } from '../../src/sync/merge-message';
import { InMemorySyncServer } from '../../src/sync/test-support/in-memory-sync-server';
import { ModelDevice } from '../../src/sync/test-support/model-device';
import { at, chat } from '../../src/sync/test-support/sync-fixtures';

/**
 * MG1 MG6 MG12 BR4 on trees: 2-3 simulated devices regenerate, edit, delete, switch and send in one
 * chat, with the real chat edits, and sync in random order through the in-memory server built on
 * the real merge functions. Every replica ends with the same tree and selection; no message is
 * lost, every parent link is the one it was made with, and no deleted branch comes back.
 */
const CHAT_ID = 'ch-tree';

const operation = fc.record({
  device: fc.nat(2),
  /** False keeps the clock still, so updatedAt ties happen. */
  advance: fc.boolean(),
  pick: fc.nat(40),
  kind: fc.constantFrom(
    'send',
    'regenerate',
    'regenerate',
    'edit',
    'delete',
    'switch',
    'switch',
    'sync',
    'sync',
  ),
});
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

type Story = {
  /** Every message made anywhere, with the parent it was made under. */
  made: Map<string, string | null>;
  deleted: Set<string>;
  /** Selections made anywhere (leaf, time): the latest must win everywhere. */
  selections: { leafId: string; updatedAt: string }[];
};

class TreeDevice extends ModelDevice {
  readonly clock = new FakeClock(at(0));
  readonly ids: SequentialIdGenerator;

  constructor(name: string) {
    super(name);
    this.ids = new SequentialIdGenerator(`${name}-`);
  }

  get chat(): Chat | undefined {
    return this.chats.get(CHAT_ID);
  }
}

function answerTo(chatNow: Chat, parentId: string, device: TreeDevice, story: Story): Chat {
  const answer = newMessage({ role: 'assistant', content: `answer on ${device.name}`, parentId }, device);
  story.made.set(answer.id, parentId);
  return upsertMessage(chatNow, answer, device);
}

function apply(device: TreeDevice, op: Operation, story: Story): void {
  const current = device.chat;
  if (!current) return;
  const path = chatPath(current);
  const picked = path[op.pick % Math.max(path.length, 1)];
  let next: Chat | undefined;
  switch (op.kind) {
    case 'send': {
      const question = newMessage({ role: 'user', content: `question on ${device.name}` }, device);
      const asked = appendToPath(current, question, device);
      story.made.set(question.id, asked.messages.at(-1)!.parentId ?? null);
      next = answerTo(asked, question.id, device, story);
      break;
    }
    case 'regenerate': {
      const target = regenerateTarget(current, device);
      if (target) next = answerTo(target.chat, target.parentId, device, story);
      break;
    }
    case 'edit': {
      const user = path.filter((m) => m.role === 'user')[op.pick % 3];
      const edit = user && editAsBranch(current, user.id, `edit on ${device.name}`, device);
      if (!edit) break;
      story.made.set(edit.parentId, edit.chat.messages.at(-1)!.parentId ?? null);
      next = answerTo(edit.chat, edit.parentId, device, story);
      break;
    }
    case 'delete': {
      if (!picked) break;
      for (const message of branchToDelete(current, picked.id)?.messages ?? []) story.deleted.add(message.id);
      next = deleteMessage(current, picked.id, device);
      break;
    }
    case 'switch': {
      const tree = buildMessageTree(current.messages);
      const versions = picked ? tree.childrenOf(tree.parentOf(picked.id)) : [];
      const other = versions[op.pick % Math.max(versions.length, 1)];
      if (other) next = switchBranch(current, other.id, device);
      break;
    }
  }
  if (next && next !== current) {
    if (next.selectedPath && next.selectedPath !== current.selectedPath)
      story.selections.push(next.selectedPath);
    device.putChat(next);
  }
}

function run(deviceCount: number, operations: readonly Operation[]) {
  const server = new InMemorySyncServer();
  const devices = Array.from({ length: deviceCount }, (_, i) => new TreeDevice(`d${i}`));
  const story: Story = { made: new Map(), deleted: new Set(), selections: [] };
  let tick = 1;
  // The chat starts on the first device and reaches the others before the story begins.
  devices[0]!.putChat(chat(CHAT_ID, { createdAt: at(0), updatedAt: at(0) }));
  for (const device of [...devices, devices[0]!]) device.sync(server, at(tick));
  for (const op of operations) {
    if (op.advance) tick += 1;
    const device = devices[op.device % deviceCount]!;
    device.clock.set(at(tick));
    if (op.kind === 'sync') device.sync(server, at(tick));
    else apply(device, op, story);
  }
  for (let round = 0; round < 2; round += 1) {
    tick += 1;
    for (const device of devices) device.sync(server, at(tick));
  }
  return { server, devices, story };
}

const replica = (value: Chat | undefined) => canonicalJson(value ? { ...value, syncedAt: null } : null);

describe('sync convergence of message trees (property)', () => {
  it('MG1 MG6 MG12 BR4 regenerate, edit, delete and switch on 2-3 devices converge: nothing lost, nothing resurrected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.array(operation, { minLength: 5, maxLength: 60, size: 'max' }),
        (deviceCount, operations) => {
          const { server, devices, story } = run(deviceCount, operations);
          const final = server.chats.rows.get(CHAT_ID)?.value;
          expect(final).toBeDefined();
          for (const device of devices) expect(replica(device.chat)).toBe(replica(final));

          const byId = new Map(final!.messages.map((m) => [m.id, m]));
          for (const [id, parentId] of story.made) {
            const found = byId.get(id);
            expect(found, `message ${id} lost`).toBeDefined();
            expect(found!.parentId).toBe(parentId);
            expect(isMessageDeleted(found!)).toBe(story.deleted.has(id));
          }
          // BR4: nothing on the path is deleted or under a deleted message.
          for (const message of chatPath(final!)) {
            let current: string | null | undefined = message.id;
            while (current) {
              expect(story.deleted.has(current), `deleted ${current} is on the path`).toBe(false);
              current = byId.get(current)?.parentId;
            }
          }
          // MG12: the latest selection made anywhere wins everywhere.
          const latest = story.selections.reduce<(typeof story.selections)[number] | null>(
            (best, s) => (best === null || s.updatedAt > best.updatedAt ? s : best),
            null,
          );
          if (latest) expect(final!.selectedPath?.updatedAt).toBe(latest.updatedAt);
        },
      ),
      { numRuns: 1000, seed: 18 },
    );
  }, 180_000);

  it('MG1 concurrent regenerations on two devices keep both answers as siblings', () => {
    const server = new InMemorySyncServer();
    const [phone, laptop] = [new TreeDevice('phone'), new TreeDevice('laptop')];
    const story: Story = { made: new Map(), deleted: new Set(), selections: [] };
    phone.putChat(chat(CHAT_ID));
    phone.clock.set(at(1));
    apply(phone, { device: 0, advance: true, pick: 0, kind: 'send' }, story);
    for (const device of [phone, laptop]) device.sync(server, at(2));
    phone.clock.set(at(3));
    laptop.clock.set(at(4));
    apply(phone, { device: 0, advance: true, pick: 0, kind: 'regenerate' }, story);
    apply(laptop, { device: 1, advance: true, pick: 0, kind: 'regenerate' }, story);
    for (const device of [phone, laptop, phone]) device.sync(server, at(5));
    const merged = mergeChat(phone.chat!, laptop.chat!);
    const question = merged.messages.find((m) => m.role === 'user')!;
    const answers = buildMessageTree(merged.messages).childrenOf(question.id);
    expect(answers.map((m) => m.content)).toEqual(['answer on phone', 'answer on phone', 'answer on laptop']);
    // The later regeneration (the laptop's) is the one both show.
    expect(chatPath(phone.chat!).at(-1)?.content).toBe('answer on laptop');
    expect(replica(phone.chat)).toBe(replica(laptop.chat));
  });
});
