import { describeEndpoint } from '../agent-context';
import type { Chat, MessagePart } from '../entities';

/**
 * The preview's counts of chats (IM6), taken one chat at a time: the streaming reader counts each
 * chat as it is mapped and keeps only the numbers (decision 0077).
 */
export class ChatTally {
  chats = 0;
  messages = 0;
  branchedChats = 0;
  inlinePictures = 0;
  from: string | null = null;
  to: string | null = null;
  readonly endpointHosts = new Set<string>();

  add(chat: Chat): void {
    this.chats++;
    const live = chat.messages.filter((m) => !m.deletedAt);
    this.messages += live.length;
    for (const message of live)
      if (Array.isArray(message.content))
        for (const part of message.content as MessagePart[])
          if (part.type === 'image_url' && part.image_url.url.startsWith('data:')) this.inlinePictures++;
    const parents = new Set<string | null | undefined>();
    if (live.some((m) => (parents.has(m.parentId) ? true : (parents.add(m.parentId), false))))
      this.branchedChats++;
    if (this.from === null || chat.createdAt < this.from) this.from = chat.createdAt;
    if (this.to === null || chat.updatedAt > this.to) this.to = chat.updatedAt;
    for (const endpoint of chat.character?.dynamicContextEndpoints ?? [])
      this.endpointHosts.add(describeEndpoint(endpoint).host);
  }
}
