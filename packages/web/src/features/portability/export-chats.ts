import type { StoragePort } from '@parley/core/storage';
import type { ChatExportFormat } from './export-data';

export type { ChatExportFormat };

/**
 * One chat or a selection as Markdown or a printable page (IM31), for the sidebar's menu. The
 * export code loads on first use, so the sidebar's first screen does not carry it.
 */
export async function exportChats(
  store: StoragePort,
  chatIds: readonly string[],
  format: ChatExportFormat,
  now: number,
): Promise<void> {
  const { chatsExportFile, saveBlob } = await import('./export-data');
  const chats = (await Promise.all(chatIds.map((id) => store.chats.get(id)))).filter(
    (chat) => chat !== undefined,
  );
  const file = chatsExportFile(chats, format, new Date(now).toISOString());
  await saveBlob(file.name, file.blob);
}
