import {
  buildParleyExport,
  chatToMarkdown,
  exportAttachmentPath,
  PARLEY_EXPORT_FILE,
  visiblePath,
} from '@parley/core/import';
import type { ExportCategory } from '@parley/core/import';
import type { Chat } from '@parley/core/entities';
import { messageText } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { saveFile } from '../../lib/save-file';

/** Reads what the chosen categories need from the store and writes the export file text (IM30). */
export async function exportText(
  store: StoragePort,
  categories: readonly ExportCategory[],
  exportedAt: string,
): Promise<string> {
  const [chats, rest] = await Promise.all([store.chats.list(), exportRecords(store, categories)]);
  return JSON.stringify(buildParleyExport({ chats, ...rest }, categories, exportedAt));
}

/** IM33: every kind of record but chats, read for an export of `categories`. */
export async function exportRecords(store: StoragePort, categories: readonly ExportCategory[]) {
  const [
    folders,
    projects,
    knowledgeDocuments,
    prompts,
    characters,
    plugins,
    profiles,
    memory,
    usage,
    settings,
    attachments,
  ] = await Promise.all([
    store.folders.list(),
    store.projects.list(),
    store.knowledgeDocuments.list(),
    store.prompts.list(),
    store.characters.list(),
    store.plugins.list(),
    store.profiles.list(),
    store.memory.list(),
    categories.includes('usage') ? store.usage.query() : Promise.resolve([]),
    store.settings.entries(),
    categories.includes('attachments') ? store.attachments.list() : Promise.resolve([]),
  ]);
  return {
    folders,
    projects,
    knowledgeDocuments,
    prompts,
    characters,
    plugins,
    profiles,
    memory,
    usage,
    settings,
    attachments,
  };
}

/** IM32: the bytes of every attachment, as zip entries `attachments/<id>` (the export names them). */
export async function exportAttachmentFiles(
  store: Pick<StoragePort, 'attachments'>,
  categories: readonly ExportCategory[],
): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  if (!categories.includes('attachments')) return files;
  for (const attachment of await store.attachments.list()) {
    const stored = await store.attachments.get(attachment.id);
    if (stored && !attachment.id.includes('/')) files[exportAttachmentPath(attachment.id)] = stored.data;
  }
  return files;
}

/**
 * The export of the localStorage fallback (a worker cannot reach localStorage): read here, zipped in
 * the worker. Pictures are stored in the fallback too, so their bytes go in as in the IndexedDB
 * export (decision 0059).
 */
export async function fallbackZipRequest(
  store: StoragePort,
  categories: readonly ExportCategory[],
  exportedAt: string,
  extraFiles: Readonly<Record<string, string>> = {},
): Promise<{ type: 'zip'; files: Record<string, string>; binaryFiles: Record<string, Uint8Array> }> {
  return {
    type: 'zip',
    files: { [PARLEY_EXPORT_FILE]: await exportText(store, categories, exportedAt), ...extraFiles },
    binaryFiles: await exportAttachmentFiles(store, categories),
  };
}

export function exportZipName(at: Date): string {
  return `parley-export-${at.toISOString().slice(0, 10)}.zip`;
}

/** Starts the download of `blob` (lib/save-file: the app's one way). */
export const saveBlob = saveFile;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * IM31: a printable page of the visible path. Every chat text is escaped and the page forbids
 * scripts, so a message holding HTML stays text.
 */
export function chatToPrintableHtml(chat: Chat): string {
  const rows = visiblePath(chat)
    .filter((m) => !m.contextBoundary && messageText(m))
    .map(
      (m) =>
        `<section class="${m.role}"><h2>${escapeHtml(m.role)}</h2><p>${escapeHtml(messageText(m))}</p></section>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>${escapeHtml(chat.chatTitle)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}h2{font-size:12px;text-transform:uppercase;color:#666;margin:1.5rem 0 .25rem}p{white-space:pre-wrap;margin:0}</style></head><body><h1>${escapeHtml(chat.chatTitle)}</h1><p>${escapeHtml(chat.model)} · ${escapeHtml(chat.createdAt)}</p>${rows}</body></html>`;
}

export type ChatExportFormat = 'json' | 'markdown' | 'html';

/** One chat or a selection in one file: JSON (the records, importable), Markdown or a printable page. */
export function chatsExportFile(
  chats: readonly Chat[],
  format: ChatExportFormat,
  exportedAt: string,
): { name: string; blob: Blob } {
  const base =
    chats.length === 1
      ? chats[0]!.chatTitle.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'chat'
      : `parley-chats-${exportedAt.slice(0, 10)}`;
  if (format === 'json') {
    const text = JSON.stringify(
      buildParleyExport(
        { chats, folders: [], projects: [], prompts: [], characters: [], plugins: [], settings: [] },
        ['chats'],
        exportedAt,
      ),
    );
    return { name: `${base}.json`, blob: new Blob([text], { type: 'application/json' }) };
  }
  if (format === 'markdown')
    return {
      name: `${base}.md`,
      blob: new Blob([chats.map(chatToMarkdown).join('\n\n---\n\n')], { type: 'text/markdown' }),
    };
  return {
    name: `${base}.html`,
    blob: new Blob([chats.map(chatToPrintableHtml).join('\n')], { type: 'text/html' }),
  };
}

export { PARLEY_EXPORT_FILE };
