import { parseChat, parseFolder, parseMessage } from '../../entities';
import type { Chat, Folder, Message } from '../../entities';

/** ISO time `seconds` after 2024-01-01T00:00:00Z: readable timestamps for merge tests. */
export function at(seconds: number): string {
  return new Date(Date.UTC(2024, 0, 1) + seconds * 1000).toISOString();
}

export function message(id: string, fields: Partial<Message> & { deletedAt?: string | null } = {}): Message {
  return parseMessage({
    id,
    role: 'user',
    content: `text of ${id}`,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  });
}

export function chat(id: string, fields: Partial<Chat> = {}): Chat {
  return parseChat({
    id,
    chatID: id,
    chatTitle: `Chat ${id}`,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  });
}

export function folder(id: string, fields: Partial<Folder> = {}): Folder {
  return parseFolder({ id, title: `Folder ${id}`, createdAt: at(0), updatedAt: at(0), ...fields });
}
