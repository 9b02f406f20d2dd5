import { strToU8, zipSync } from 'fflate';
import { applyImport, PARLEY_EXPORT_FILE } from '@parley/core/import';
import { parseAttachment, parseChat } from '@parley/core/entities';
import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { exportAttachmentFiles, exportText } from '../../src/features/portability/export-data';
import { zipExportStream } from '../../src/features/portability/export-stream';
import { joinChunks } from './join-chunks';
import { readImportBytes } from '../../src/features/portability/read-file';

const at = '2026-01-01T00:00:00.000Z';
const id = 'att-0123456789abcdef0123456789abcdef';

async function libraryWithPicture() {
  const store = createMemoryStore({ clock: new FakeClock(at) });
  await store.attachments.put(
    parseAttachment({ id, mimeType: 'image/png', name: 'harbour.png', createdAt: at, updatedAt: at }),
    new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
    { touch: false },
  );
  await store.chats.put(
    parseChat({
      id: 'ch-1',
      chatID: 'ch-1',
      chatTitle: 'Harbour',
      createdAt: at,
      updatedAt: at,
      messages: [
        {
          id: 'm1',
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `attachment:${id}` } },
            { type: 'text', text: 'What is this?' },
          ],
          createdAt: at,
          updatedAt: at,
        },
      ],
    }),
  );
  return store;
}

describe('attachments in the export zip', () => {
  it('IM32 the bytes go into the zip by id, the file names them, and importing the zip restores them', async () => {
    const store = await libraryWithPicture();
    const categories = ['chats', 'attachments'] as const;
    const text = await exportText(store, categories, at);
    expect((JSON.parse(text) as { data: { attachments: { id: string }[] } }).data.attachments).toEqual([
      expect.objectContaining({ id, mimeType: 'image/png', name: 'harbour.png' }),
    ]);
    const files = await exportAttachmentFiles(store, categories);
    expect(Object.keys(files)).toEqual([`attachments/${id}`]);
    const zip = zipSync({ [PARLEY_EXPORT_FILE]: strToU8(text), ...files });

    const outcome = readImportBytes(zip, { now: Date.parse(at) });
    if (!outcome.ok) throw new Error(outcome.failure);
    const fresh = createMemoryStore({ clock: new FakeClock(at) });
    await applyImport(fresh, outcome.result);
    const restored = await fresh.attachments.get(id);
    expect(Array.from(restored?.data ?? [])).toEqual([137, 80, 78, 71, 1, 2, 3]);
    expect(restored?.attachment).toMatchObject({ mimeType: 'image/png', name: 'harbour.png', createdAt: at });
    expect((await fresh.chats.get('ch-1'))?.messages[0]?.content).toHaveLength(2);

    // The worker's streamed zip carries the same records and bytes.
    const streamed = readImportBytes(joinChunks(await zipExportStream(store, categories, at)), {
      now: Date.parse(at),
    });
    if (!streamed.ok) throw new Error(streamed.failure);
    expect(streamed.result.attachments?.map((a) => Array.from(a.data))).toEqual([[137, 80, 78, 71, 1, 2, 3]]);

    // Without the category neither the records nor the bytes are exported.
    expect(await exportAttachmentFiles(store, ['chats'])).toEqual({});
    const chatsOnly = JSON.parse(await exportText(store, ['chats'], at)) as {
      data: { attachments: unknown[] };
    };
    expect(chatsOnly.data.attachments).toEqual([]);
  });
});
