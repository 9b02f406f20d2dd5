import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { parseChat, parseFolder } from '@parley/core/entities';
import { exportCategories, PARLEY_EXPORT_FILE } from '@parley/core/import';
import { createMemoryStore } from '@parley/core/storage';
import { exportText } from '../../src/features/portability/export-data';
import { EXPORT_PAGE_SIZE, zipExportStream } from '../../src/features/portability/export-stream';
import { joinChunks } from './join-chunks';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

function chat(n: number, extra: Record<string, unknown> = {}) {
  return parseChat({
    id: `ch-${n}`,
    chatID: `ch-${n}`,
    chatTitle: `Chat ${n} "quoted" ü`,
    createdAt: at(n),
    updatedAt: at(n),
    messages: [{ id: `m-${n}`, parentId: null, role: 'user', content: `Hello ${n}`, createdAt: at(n) }],
    ...extra,
  });
}

describe('the export streamed a page of chats at a time', () => {
  it('IM30 writes the same bytes as the whole-library export, over several pages, without deleted or example chats', async () => {
    const store = createMemoryStore();
    const chats = Array.from({ length: EXPORT_PAGE_SIZE * 2 + 7 }, (_, i) => chat(i));
    chats.push(chat(900, { deletedAt: at(901) }), chat(902, { isExample: true }));
    await store.chats.putMany(chats, { touch: false });
    await store.folders.put(parseFolder({ id: 'f-1', name: 'Work', createdAt: at(1), updatedAt: at(1) }));
    await store.settings.putEntries([{ key: 'defaultTemperature', value: 0.3, updatedAt: at(2) }]);
    const exportedAt = at(1000);

    const zip = unzipSync(
      joinChunks(
        await zipExportStream(store, exportCategories, exportedAt, { 'parley-api-keys.json': '{"a":1}' }),
      ),
    );
    const streamed = strFromU8(zip[PARLEY_EXPORT_FILE]!);
    expect(streamed).toBe(await exportText(store, exportCategories, exportedAt));
    const data = (JSON.parse(streamed) as { data: { chats: { id: string }[] } }).data;
    expect(data.chats).toHaveLength(EXPORT_PAGE_SIZE * 2 + 7);
    expect(data.chats[0]!.id).toBe(`ch-${EXPORT_PAGE_SIZE * 2 + 6}`);
    expect(strFromU8(zip['parley-api-keys.json']!)).toBe('{"a":1}');
  });

  it('without the chats category, or with no chats, the file is still the whole-library one', async () => {
    const store = createMemoryStore();
    const exportedAt = at(5);
    const empty = strFromU8(
      unzipSync(joinChunks(await zipExportStream(store, exportCategories, exportedAt)))[PARLEY_EXPORT_FILE]!,
    );
    expect(empty).toBe(await exportText(store, exportCategories, exportedAt));
    await store.chats.put(chat(1));
    const noChats = strFromU8(
      unzipSync(joinChunks(await zipExportStream(store, ['folders'], exportedAt)))[PARLEY_EXPORT_FILE]!,
    );
    expect(noChats).toBe(await exportText(store, ['folders'], exportedAt));
  });
});
