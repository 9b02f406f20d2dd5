import { parseAttachment, parseMessage } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { chatCodeFiles } from '../../src/features/code-run/chat-files';

const at = '2026-11-28T00:00:00.000Z';
const attachment = (id: string, chatID: string, name: string, deleted = false) =>
  parseAttachment({
    id,
    chatID,
    name,
    mimeType: 'text/csv',
    createdAt: at,
    updatedAt: at,
    ...(deleted ? { deletedAt: at } : {}),
  });

describe("the chat's files for the code", () => {
  it("gives the chat's stored attachments by name, then its text files no attachment names", async () => {
    const bytes: Record<string, Uint8Array> = { a: new TextEncoder().encode('x,y\n1,2\n') };
    const store = {
      list: async () => [
        attachment('a', 'chat-1', 'data.csv'),
        attachment('b', 'chat-2', 'other.csv'),
        attachment('c', 'chat-1', 'gone.csv', true),
      ],
      get: async (id: string) =>
        bytes[id] ? { attachment: attachment(id, 'chat-1', 'data.csv'), data: bytes[id] } : undefined,
    };
    const message = parseMessage({
      id: 'm1',
      role: 'user',
      createdAt: at,
      content: [
        { type: 'tm_text_file', text: 'ignored: the attachment wins', metadata: { name: 'data.csv' } },
        { type: 'tm_text_file', text: 'hello', metadata: { name: 'notes.txt' } },
      ],
    });
    const files = await chatCodeFiles('chat-1', [message], store);
    expect(files.map((file) => [file.name, file.mimeType, atob(file.base64)])).toEqual([
      ['data.csv', 'text/csv', 'x,y\n1,2\n'],
      ['notes.txt', 'text/plain', 'hello'],
    ]);
  });
});
