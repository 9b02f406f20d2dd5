import type { Attachment } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { createStore, useStore } from 'zustand';

/** Fetches an attachment this device lacks into the local store (cloud sync, SC32); true when it did. */
export type RemoteAttachmentFetch = (id: string) => Promise<boolean>;

/**
 * Where attachments not on this device come from. Cloud sync loads after the first screen and
 * sets it; `version` moves each time, so images shown as missing before try again.
 */
const remote = createStore<{ fetch: RemoteAttachmentFetch | null; version: number }>(() => ({
  fetch: null,
  version: 0,
}));
const fetching = new Map<string, Promise<boolean>>();

export function setRemoteAttachments(fetch: RemoteAttachmentFetch | null): void {
  remote.setState((state) => ({ fetch, version: state.version + 1 }));
}

/** Told when cloud sync starts or stops offering attachments (what was missing may come now). */
export function onRemoteAttachmentsChange(listener: () => void): () => void {
  return remote.subscribe(listener);
}

export function useRemoteAttachmentsVersion(): number {
  return useStore(remote, (state) => state.version);
}

type StoredAttachment = { attachment: Attachment; data: Uint8Array };

/**
 * An attachment's metadata and bytes: from this device's store, else fetched once from the sync
 * server when cloud sync can (SC32); undefined when neither has it.
 */
export async function loadAttachment(
  store: Pick<StoragePort, 'attachments'>,
  id: string,
): Promise<StoredAttachment | undefined> {
  const local = await store.attachments.get(id);
  if (local && !local.attachment.deletedAt) return local;
  const fetch = remote.getState().fetch;
  if (!fetch) return undefined;
  let pending = fetching.get(id);
  if (!pending) {
    pending = fetch(id)
      .catch(() => false)
      .finally(() => fetching.delete(id));
    fetching.set(id, pending);
  }
  if (!(await pending)) return undefined;
  const fetched = await store.attachments.get(id);
  return fetched && !fetched.attachment.deletedAt ? fetched : undefined;
}
