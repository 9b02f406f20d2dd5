import { knowledgeFileBlobId } from '../entities';
import type { StoragePort } from '../storage';
import { attachmentIdsOf } from './attachment-ref';

/** An attachment this young may still sit in a message box, not sent yet: it is kept. */
export const UNSENT_ATTACHMENT_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * DO9: removes the attachments no stored chat points at any more (chats in Recently Deleted still
 * count: they can be restored) and no live knowledge document keeps its bytes in (decision 0131).
 * Called after chats are removed for good. Returns how many went.
 */
export async function purgeUnusedAttachments(
  store: Pick<StoragePort, 'attachments' | 'chats' | 'knowledgeDocuments'>,
  now: number,
): Promise<number> {
  const attachments = await store.attachments.list({ includeDeleted: true });
  // Most stores have none: the chats are read only when there is something to check.
  const old = attachments.filter((a) => now - Date.parse(a.createdAt) > UNSENT_ATTACHMENT_GRACE_MS);
  if (old.length === 0) return 0;
  const chats = await store.chats.list({ includeDeleted: true });
  const used = new Set<string>();
  for (const chat of chats) for (const id of attachmentIdsOf(chat.messages)) used.add(id);
  for (const document of await store.knowledgeDocuments.list()) {
    const id = knowledgeFileBlobId(document);
    if (id) used.add(id);
  }
  let purged = 0;
  for (const attachment of old) {
    if (used.has(attachment.id)) continue;
    await store.attachments.purge(attachment.id);
    purged++;
  }
  return purged;
}
