import type { Attachment, Message } from '@parley/core/entities';
import type { CodeFile } from './code-run-protocol';

/** The attachments of a chat as the store gives them: metadata, and bytes on demand. */
export interface ChatFileStore {
  list(): Promise<Attachment[]>;
  get(id: string): Promise<{ attachment: Attachment; data: Uint8Array } | undefined>;
}

const MAX_TOTAL_BYTES = 20 * 1024 * 1024;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * The files a chat's code can open by name (decision 0092): every stored attachment of the chat
 * (its original bytes: CSV, XLSX, pictures...), then the text files whose text the messages carry
 * and no attachment has under that name. At most 20 MB in all; a later file past that is left out.
 */
export async function chatCodeFiles(
  chatId: string,
  messages: readonly Message[],
  store: ChatFileStore,
): Promise<CodeFile[]> {
  const files: CodeFile[] = [];
  const names = new Set<string>();
  let total = 0;
  const add = (name: string, mimeType: string, bytes: Uint8Array) => {
    if (names.has(name) || total + bytes.length > MAX_TOTAL_BYTES) return;
    names.add(name);
    total += bytes.length;
    files.push({ name, mimeType, base64: base64Of(bytes) });
  };
  const attachments = (await store.list()).filter(
    (item) => item.chatID === chatId && !item.deletedAt && item.name,
  );
  for (const item of attachments) {
    const stored = await store.get(item.id);
    if (stored) add(item.name as string, item.mimeType, stored.data);
  }
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (part.type === 'tm_text_file' && part.metadata.name) {
        add(part.metadata.name, 'text/plain', new TextEncoder().encode(part.text));
      }
    }
  }
  return files;
}
