import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { buildParleyExport, exportAttachmentPath, PARLEY_EXPORT_FILE } from '@parley/core/import';
import type { ExportCategory } from '@parley/core/import';
import type { StoragePort } from '@parley/core/storage';
import { exportRecords } from './export-data';

/** Chats read, written and compressed together: a page of a 10,000-chat library. */
export const EXPORT_PAGE_SIZE = 100;

const CHATS_SLOT = '"chats":[]';

/**
 * IM30 as a stream (decision 0057): the export file is written into the zip a page of chats at a
 * time, read by id from the store, so the whole library is never in memory as records, as one JSON
 * string and as a zip at once. The text is the same bytes as `JSON.stringify(buildParleyExport(...))`
 * (the chats array is spliced into the rest of the file where it stands). The zip comes back as the
 * chunks fflate wrote: the worker wraps them in a Blob for the download, never joining them into one
 * buffer (decision 0059).
 */
export async function zipExportStream(
  store: StoragePort,
  categories: readonly ExportCategory[],
  exportedAt: string,
  extraFiles: Readonly<Record<string, string>> = {},
): Promise<Uint8Array[]> {
  const withAttachments = categories.includes('attachments');
  const records = await exportRecords(store, categories);
  const attachments = records.attachments;
  const rest = JSON.stringify(buildParleyExport({ chats: [], ...records }, categories, exportedAt));
  const slot = rest.indexOf(CHATS_SLOT);
  if (slot < 0) throw new Error('the export file has no chats list');

  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const file = new ZipDeflate(PARLEY_EXPORT_FILE, { level: 6 });
  zip.add(file);
  file.push(strToU8(rest.slice(0, slot + CHATS_SLOT.length - 1)));

  if (categories.includes('chats')) {
    // Newest first, like the list the export read before; example chats stay out (IM30).
    const ids = (await store.chats.listSummaries({ includeExamples: false })).map((summary) => summary.id);
    let first = true;
    for (let start = 0; start < ids.length; start += EXPORT_PAGE_SIZE) {
      const page = await Promise.all(
        ids.slice(start, start + EXPORT_PAGE_SIZE).map((id) => store.chats.get(id)),
      );
      const texts = page
        .filter((chat) => chat !== undefined && chat.deletedAt === null && !chat.isExample)
        .map((chat) => JSON.stringify(chat));
      if (texts.length === 0) continue;
      file.push(strToU8(`${first ? '' : ','}${texts.join(',')}`));
      first = false;
    }
  }
  file.push(strToU8(rest.slice(slot + CHATS_SLOT.length - 1)), true);
  for (const [name, text] of Object.entries(extraFiles)) {
    const extra = new ZipDeflate(name, { level: 6 });
    zip.add(extra);
    extra.push(strToU8(text), true);
  }
  // IM32: each attachment's bytes as `attachments/<id>`, read one at a time and stored as they are
  // (pictures are compressed already).
  for (const attachment of withAttachments ? attachments : []) {
    const stored = attachment.id.includes('/') ? undefined : await store.attachments.get(attachment.id);
    if (!stored) continue;
    const entry = new ZipPassThrough(exportAttachmentPath(attachment.id));
    zip.add(entry);
    entry.push(stored.data, true);
  }
  zip.end();
  if (failure) throw failure;
  return chunks;
}
