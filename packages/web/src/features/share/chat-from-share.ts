import { newChat, parseMessage, type Chat } from '@parley/core/entities';
import type { Clock, IdGenerator } from '@parley/core/platform';
import type { SharedChat } from '@parley/core/sync-client';

/** "Continue this chat in Parley": a new chat of this device holding a copy of the shared path. */
export function chatFromShare(shared: SharedChat, deps: { clock: Clock; ids: IdGenerator }): Chat {
  const now = new Date(deps.clock.now()).toISOString();
  let parentId: string | null = null;
  const messages = shared.messages.map((message) => {
    const parsed = parseMessage({
      id: `msg-${deps.ids.randomId()}`,
      parentId,
      role: message.role,
      content: message.content,
      model: message.model,
      createdAt: message.createdAt ?? now,
      updatedAt: now,
    });
    parentId = parsed.id;
    return parsed;
  });
  return newChat(
    {
      chatTitle: shared.title,
      ...(shared.model ? { model: shared.model } : {}),
      messages,
      selectedPath: parentId ? { leafId: parentId, updatedAt: now } : undefined,
    },
    deps,
  );
}
