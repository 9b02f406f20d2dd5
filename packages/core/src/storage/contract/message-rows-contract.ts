import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../entities';
import { messageKey } from '../chat-rows';
import { quotaExceededError } from '../storage-error';
import type { ContractHarness } from './harness';
import { sampleChat, sampleMessage } from './sample-records';

/** A chat of `count` messages in one path, ids m1..m<count>. */
function longChat(harness: ContractHarness, count: number): Chat {
  const { clock, ids } = harness;
  const messages: Message[] = Array.from({ length: count }, (_, i) => ({
    ...sampleMessage(`m${i + 1}`, i % 2 === 0 ? 'user' : 'assistant', `Message ${i + 1}`, harness.clock),
    parentId: i === 0 ? null : `m${i}`,
  }));
  return sampleChat({ clock, ids }, { chatTitle: 'Long', messages });
}

const messageWrites = (writes: readonly string[]) => writes.filter((write) => write.startsWith('messages/'));

/** MR1-MR7 (storage SPEC MR): a chat's messages are rows of their own; writes touch only what changed. */
export function describeMessageRows(harness: () => ContractHarness): void {
  describe('MR messages as their own records', () => {
    it('MR1 appending one message to a 300-message chat writes that message, the head and the summary', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 300));
      await h.store.chats.get(chat.id);
      h.faults.writes.length = 0;
      const added = { ...sampleMessage('m301', 'user', 'One more', h.clock), parentId: 'm300' };
      const updated = await h.store.chats.update(chat.id, (c) => ({
        ...c,
        messages: [...c.messages, added],
      }));
      expect([...h.faults.writes].sort()).toEqual(
        // Message 301 is in the fifth row of 64.
        [`chatSummaries/${chat.id}`, `chats/${chat.id}`, `messages/${messageKey(chat.id, 4)}`].sort(),
      );
      expect(updated.messages).toHaveLength(301);
      expect((await h.store.chats.get(chat.id))?.messages.map((m) => m.id)).toEqual(
        updated.messages.map((m) => m.id),
      );
    });

    it('MR1 a put of the chat the app holds writes only the changed message', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 50));
      h.faults.writes.length = 0;
      const edited = chat.messages.map((m) => (m.id === 'm20' ? { ...m, content: 'Edited' } : m));
      await h.store.chats.put({ ...chat, messages: edited });
      expect(messageWrites(h.faults.writes)).toEqual([`messages/${messageKey(chat.id, 0)}`]);
      const reread = await h.reopen?.();
      const stored = await (reread ?? h.store).chats.get(chat.id);
      expect(stored?.messages.find((m) => m.id === 'm20')?.content).toBe('Edited');
      expect(stored?.messages).toHaveLength(50);
    });

    it('MR2 a removed message loses its row; a changed title writes no message row', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 10));
      h.faults.writes.length = 0;
      await h.store.chats.update(chat.id, (c) => ({ ...c, chatTitle: 'Renamed' }));
      expect(messageWrites(h.faults.writes)).toEqual([]);
      await h.store.chats.update(chat.id, (c) => ({ ...c, messages: c.messages.slice(0, 9) }));
      expect(messageWrites(h.faults.writes)).toEqual([`messages/${messageKey(chat.id, 0)}`]);
      const stored = await h.store.chats.get(chat.id);
      expect(stored?.chatTitle).toBe('Renamed');
      expect(stored?.messages.map((m) => m.id)).toEqual(chat.messages.slice(0, 9).map((m) => m.id));
    });

    it('MR3 a chat stored whole (the earlier layout) reads as it was and is split by its next write', async () => {
      const h = harness();
      const chat = longChat(h, 5);
      await h.subject.plantRaw('chats', chat.id, chat);
      expect(await h.store.chats.get(chat.id)).toEqual(chat);
      h.faults.writes.length = 0;
      await h.store.chats.update(chat.id, (c) => ({ ...c, chatTitle: 'Split now' }));
      expect(messageWrites(h.faults.writes)).toEqual([`messages/${messageKey(chat.id, 0)}`]);
      h.faults.writes.length = 0;
      await h.store.chats.update(chat.id, (c) => ({ ...c, chatTitle: 'Again' }));
      expect(messageWrites(h.faults.writes)).toEqual([]);
      const stored = await h.store.chats.get(chat.id);
      expect(stored?.messages).toEqual(chat.messages);
      expect((await h.store.chats.list()).find((c) => c.id === chat.id)?.messages).toEqual(chat.messages);
    });

    it('MR4 messages another writer changed (a new revision) are read again, never served from memory', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 4));
      const other = await h.reopen?.();
      if (!other) {
        // One store per backend instance (memory): a second writer is planted straight into the rows.
        await h.subject.plantRaw('messages', messageKey(chat.id, 0), {
          chatId: chat.id,
          messages: chat.messages.map((m) => (m.id === 'm2' ? { ...m, content: 'Changed elsewhere' } : m)),
        });
        await h.subject.plantRaw('chats', chat.id, {
          ...chat,
          messages: undefined,
          messagesRevision: 'elsewhere',
        });
      } else {
        await other.chats.update(chat.id, (c) => ({
          ...c,
          messages: c.messages.map((m) => (m.id === 'm2' ? { ...m, content: 'Changed elsewhere' } : m)),
        }));
      }
      const updated = await h.store.chats.update(chat.id, (c) => ({ ...c, chatTitle: 'Mine' }));
      expect(updated.messages.find((m) => m.id === 'm2')?.content).toBe('Changed elsewhere');
      expect(updated.chatTitle).toBe('Mine');
    });

    it('MR5 a write that fails keeps the chat as it was, and the next write is whole again', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 6));
      h.faults.failWrite(1, () => quotaExceededError());
      const added = { ...sampleMessage('m7', 'user', 'Lost?', h.clock), parentId: 'm6' };
      await expect(
        h.store.chats.update(chat.id, (c) => ({ ...c, messages: [...c.messages, added] })),
      ).rejects.toMatchObject({ code: 'quota_exceeded' });
      expect((await h.store.chats.get(chat.id))?.messages).toHaveLength(6);
      const updated = await h.store.chats.update(chat.id, (c) => ({
        ...c,
        messages: [...c.messages, added],
      }));
      expect(updated.messages).toHaveLength(7);
      expect((await h.store.chats.get(chat.id))?.messages.at(-1)?.content).toBe('Lost?');
    });

    it('MR6 purge removes the message rows; delete keeps them for the tombstone', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 3));
      h.faults.writes.length = 0;
      await h.store.chats.delete(chat.id);
      expect(messageWrites(h.faults.writes)).toEqual([]);
      expect((await h.store.chats.get(chat.id))?.messages).toHaveLength(3);
      h.faults.writes.length = 0;
      await h.store.chats.purge(chat.id);
      expect(messageWrites(h.faults.writes).sort()).toEqual([`messages/${messageKey(chat.id, 0)}`]);
      expect(await h.store.chats.get(chat.id)).toBeUndefined();
    });

    it('MR7 the rows hold the messages, in key order; a removal in the middle rewrites the rows', async () => {
      const h = harness();
      const chat = await h.store.chats.put(longChat(h, 5));
      const stray = { ...sampleMessage('m-stray', 'user', 'Found', h.clock), parentId: 'm5' };
      await h.subject.plantRaw('messages', messageKey(chat.id, 1), { chatId: chat.id, messages: [stray] });
      await h.subject.plantRaw('chats', chat.id, {
        ...chat,
        messages: undefined,
        messagesRevision: 'planted',
      });
      const stored = await h.store.chats.get(chat.id);
      expect(stored?.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm-stray']);
      h.faults.writes.length = 0;
      const without = await h.store.chats.update(chat.id, (c) => ({
        ...c,
        messages: c.messages.filter((m) => m.id !== 'm2'),
      }));
      // Chunk 0 was not full: the rows are rewritten in full chunks, the stray row's key deleted.
      expect(messageWrites(h.faults.writes)).toContain(`messages/${messageKey(chat.id, 1)}`);
      expect((await h.store.chats.get(chat.id))?.messages.map((m) => m.id)).toEqual(
        without.messages.map((m) => m.id),
      );
      expect(without.messages.map((m) => m.id)).toEqual(['m1', 'm3', 'm4', 'm5', 'm-stray']);
    });
  });
}
