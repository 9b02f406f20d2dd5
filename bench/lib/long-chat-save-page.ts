/**
 * Runs in the browser, in the app's origin: saves one message at a time into a chat through the
 * app's own storage code and times each save. Bundled and injected by bench/long-chat.ts.
 */
import type { Chat, Message } from '@parley/core/entities';
import { openLocalStore } from '../../packages/web/src/adapters/storage';

async function saveInChat(chatId: string, times: number): Promise<number[]> {
  const store = await openLocalStore({ addExampleChats: false });
  const samples: number[] = [];
  try {
    let chat = await store.chats.get(chatId);
    for (let i = 0; i < times && chat; i++) {
      const last = chat.messages[chat.messages.length - 1]!;
      const now = new Date(Date.parse(last.createdAt) + 1000).toISOString();
      const message: Message = {
        id: `msg-save-${i}`,
        parentId: last.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `A saved message ${i}`,
        createdAt: now,
        updatedAt: now,
      };
      const started = performance.now();
      chat = await store.chats.update(chatId, (current): Chat => ({
        ...current,
        messages: [...current.messages, message],
        selectedPath: current.selectedPath && { leafId: message.id, updatedAt: now },
      }));
      samples.push(performance.now() - started);
    }
  } finally {
    await store.close();
  }
  return samples;
}

(window as unknown as { __saveInChat: typeof saveInChat }).__saveInChat = saveInChat;
