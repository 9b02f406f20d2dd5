import type { StoragePort } from '../storage';
import { ignoreMissing } from './incoming-changes';
import type { OutgoingChanges, SentVersion } from './outgoing-changes';
import type { OwnWrites } from './own-writes';
import { RECORD_KINDS, repositoryOf, type SyncedRecord } from './record-kinds';

/**
 * After the server took a sync, every version it was sent is marked synced (syncedAt = its
 * updatedAt), unless it was edited while the request was out: that edit stays pending (SC15). A
 * chat whose folder came from the folder mapping keeps that folder locally too (SC9). Returns the
 * ids of chats written.
 */
export async function markSent(store: StoragePort, own: OwnWrites, sent: OutgoingChanges): Promise<string[]> {
  const summaries = new Map(
    (await store.chats.listSummaries({ includeDeleted: true })).map((summary) => [summary.id, summary]),
  );
  const chats: { id: string; updatedAt: string; folderID: string | null }[] = [
    ...sent.sentChats,
    ...sent.sentTombstones.chats.map((tombstone) => ({ ...tombstone, folderID: null })),
  ];
  const written: string[] = [];
  for (const version of chats) {
    const summary = summaries.get(version.id);
    if (!summary || summary.updatedAt !== version.updatedAt) continue;
    const folderToFill = summary.folderID === null && version.folderID !== null;
    if (summary.syncedAt === summary.updatedAt && !folderToFill) continue;
    await ignoreMissing(
      own.run('chats', [version.id], () =>
        store.chats.update(
          version.id,
          (chat) =>
            chat.updatedAt === version.updatedAt
              ? { ...chat, syncedAt: chat.updatedAt, folderID: chat.folderID ?? version.folderID }
              : chat,
          { touch: false },
        ),
      ),
    );
    written.push(version.id);
  }

  for (const wire of RECORD_KINDS) {
    const versions: SentVersion[] = [...sent.sentRecords[wire.kind], ...sent.sentTombstones[wire.kind]];
    if (versions.length === 0) continue;
    const repository = repositoryOf(store, wire.kind);
    const sentAt = new Map(versions.map((version) => [version.id, version.updatedAt]));
    const marked: SyncedRecord[] = [];
    for (const record of await repository.list({ includeDeleted: true })) {
      if (sentAt.get(record.id) === record.updatedAt && record.syncedAt !== record.updatedAt) {
        marked.push({ ...record, syncedAt: record.updatedAt });
      }
    }
    if (marked.length > 0) {
      await own.run(
        wire.kind,
        marked.map((record) => record.id),
        () => repository.putMany(marked),
      );
    }
  }
  return written;
}
