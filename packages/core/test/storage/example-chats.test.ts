import { describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createMemoryStore, exampleChats, seedExampleChats } from '../../src/storage';
import { sampleChat } from '../../src/storage/contract';

describe('example chats', () => {
  const clock = new FakeClock('2024-04-01T00:00:00.000Z');

  it('EX1 three example chats with claude-2, gpt-4 and gpt-3.5-turbo, titled (Example) …', () => {
    const chats = exampleChats(clock);
    expect(chats.map((c) => c.model)).toEqual(['claude-2', 'gpt-4', 'gpt-3.5-turbo']);
    for (const chat of chats) {
      expect(chat.chatTitle.startsWith('(Example)')).toBe(true);
      expect(chat.isExample).toBe(true);
      expect(chat.messages.length).toBeGreaterThanOrEqual(2);
      expect(chat.messages.map((m) => m.role)).toContain('assistant');
    }
  });

  it('EX2 seeded once on first run when the flag is on', async () => {
    const store = createMemoryStore({ clock });
    expect(await seedExampleChats(store, clock, false)).toBe(false);
    expect(await store.chats.count()).toBe(0);
    expect(await seedExampleChats(store, clock, true)).toBe(true);
    expect(await store.chats.count()).toBe(3);
    await store.chats.delete('ch-example-gpt-4');
    expect(await seedExampleChats(store, clock, true)).toBe(false);
    expect(await store.chats.count()).toBe(2);
  });

  it('EX2 the flag from the host config is awaited only while seeding is not done', async () => {
    const store = createMemoryStore({ clock });
    expect(await seedExampleChats(store, clock, Promise.resolve(true))).toBe(true);
    expect(await store.chats.count()).toBe(3);
    // Seeded: the start goes on without the config file (a flag that never comes is not waited for).
    expect(await seedExampleChats(store, clock, new Promise<boolean>(() => {}))).toBe(false);
    const off = createMemoryStore({ clock });
    expect(await seedExampleChats(off, clock, Promise.resolve(false))).toBe(false);
    expect(await off.chats.count()).toBe(0);
  });

  it('EX2 a store that already has chats gets no examples', async () => {
    const store = createMemoryStore({ clock });
    await store.chats.put(sampleChat({ clock, ids: new SequentialIdGenerator() }));
    expect(await seedExampleChats(store, clock, true)).toBe(false);
    expect(await store.chats.count()).toBe(1);
  });
});
