/**
 * Runs in the app's page (see data-store-hook.ts): saves chats one after another through the app's
 * own store and reports each save once its promise has resolved, waiting for the test to record it.
 */
import { openLocalStore } from '../../packages/web/src/adapters/storage';

type Ack = (id: string) => Promise<void>;

async function burst(count: number) {
  const store = await openLocalStore({ addExampleChats: false });
  const ack = (window as unknown as { __parleyAck: Ack }).__parleyAck;
  // ~40 kB per chat, so each save takes long enough for the page to close in the middle of one.
  const text = 'A message long enough to make each save take a while. '.repeat(36);
  for (let i = 0; i < count; i++) {
    const id = `ch-burst-${String(i).padStart(4, '0')}`;
    const now = new Date().toISOString();
    const messages = Array.from({ length: 20 }, (_, m) => ({
      id: `${id}-m${m}`,
      role: m % 2 === 0 ? 'user' : 'assistant',
      content: `${i}/${m} ${text}`,
      createdAt: now,
      updatedAt: now,
    }));
    await store.chats.put({ id, chatID: id, chatTitle: `Burst ${i}`, messages } as never);
    // The next save starts only once the test has recorded this one: at most one is in flight.
    await ack(id);
  }
}

(window as unknown as { __parleyBurst: typeof burst }).__parleyBurst = burst;
