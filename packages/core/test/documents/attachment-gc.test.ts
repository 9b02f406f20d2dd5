import { describe, expect, it } from 'vitest';
import { attachmentUrl, purgeUnusedAttachments, UNSENT_ATTACHMENT_GRACE_MS } from '../../src/documents';
import { parseAttachment } from '../../src/entities';
import { FakeClock } from '../../src/platform';
import { createMemoryStore } from '../../src/storage';
import { testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';

const start = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('purgeUnusedAttachments', () => {
  it('DO9 removes attachments no chat points at, keeping used, trashed-chat and unsent ones', async () => {
    const store = createMemoryStore({ clock: new FakeClock(start) });
    const put = (id: string, createdAt: number) =>
      store.attachments.put(
        parseAttachment({ id, mimeType: 'image/png', createdAt: iso(createdAt), updatedAt: iso(createdAt) }),
        new Uint8Array([1, 2, 3]),
      );
    await put('att-used', start);
    await put('att-trashed', start);
    await put('att-orphan', start);
    const later = start + UNSENT_ATTACHMENT_GRACE_MS + 1000;
    await put('att-unsent', later - 1000);
    const imageMessage = (id: string, attachment: string) =>
      testMessage(id, {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: attachmentUrl(attachment) } },
        ],
      });
    await store.chats.put(testChat('ch-open', { messages: [imageMessage('m-1', 'att-used')] }));
    await store.chats.put(testChat('ch-trash', { messages: [imageMessage('m-2', 'att-trashed')] }));
    await store.chats.delete('ch-trash');

    expect(await purgeUnusedAttachments(store, later)).toBe(1);
    const left = (await store.attachments.list({ includeDeleted: true })).map((a) => a.id).sort();
    expect(left).toEqual(['att-trashed', 'att-unsent', 'att-used']);
  });
});
