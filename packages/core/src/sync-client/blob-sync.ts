import { attachmentIdsOf } from '../documents';
import { type Chat, knowledgeFileBlobId, type KnowledgeDocumentRecord, parseAttachment } from '../entities';
import type { StoragePort } from '../storage';
import { isMessageDeleted } from '../sync';
import {
  BLOB_IDS_PER_QUESTION,
  BLOB_PATHS,
  BlobMissingResponseSchema,
  blobPath,
  isBlobContentType,
  isBlobId,
} from './blob-protocol';
import type { SyncTransport } from './ports';
import { failureOfAnswer, SyncFailureError, unexpectedFailure } from './sync-failure';

export interface BlobUploadReport {
  /** Blobs sent now. */
  readonly uploaded: string[];
  /** Named by a chat but not on this device, or of a kind that does not sync (SC31): not sent. */
  readonly skipped: string[];
}

/** SC30: the content-addressed attachment ids the live messages of `chats` name. */
export function blobIdsOfChats(chats: readonly Chat[]): string[] {
  const ids = new Set<string>();
  for (const chat of chats) {
    const live = chat.messages.filter((message) => !isMessageDeleted(message));
    for (const id of attachmentIdsOf(live)) if (isBlobId(id)) ids.add(id);
  }
  return [...ids];
}

/** SC37: the blob ids of the live knowledge document records sent (decision 0131). */
export function blobIdsOfKnowledgeDocuments(records: readonly KnowledgeDocumentRecord[]): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const id = record.deletedAt === null ? knowledgeFileBlobId(record) : null;
    if (id && isBlobId(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * SC30, SC31: before the chats that name them are sent, the server is asked which of their
 * attachments it lacks, and those this device holds are uploaded. A 413 (the quota, SY14) fails
 * the sync with the spec's text, like a sync over the quota; no answer or a 5xx fails it too
 * (tried again, SC27), so no chat reaches the server before its pictures. A blob the server
 * refuses for itself (a type that does not sync, bytes over the size limit) is skipped: the
 * chat still syncs, and other devices show the picture as not available.
 */
export async function uploadMissingBlobs(
  transport: SyncTransport,
  store: Pick<StoragePort, 'attachments'>,
  chats: readonly Chat[],
): Promise<BlobUploadReport> {
  return uploadBlobs(transport, store, blobIdsOfChats(chats));
}

/** SC30, SC31, SC37: the blobs of `ids` the server lacks, uploaded from this device's attachments table. */
export async function uploadBlobs(
  transport: SyncTransport,
  store: Pick<StoragePort, 'attachments'>,
  ids: readonly string[],
): Promise<BlobUploadReport> {
  const report: BlobUploadReport = { uploaded: [], skipped: [] };
  for (let start = 0; start < ids.length; start += BLOB_IDS_PER_QUESTION) {
    const question = ids.slice(start, start + BLOB_IDS_PER_QUESTION);
    const missing = await askMissing(transport, question);
    for (const id of missing) {
      const stored = await store.attachments.get(id);
      if (!stored || stored.attachment.deletedAt || !isBlobContentType(stored.attachment.mimeType)) {
        report.skipped.push(id);
        continue;
      }
      const answer = await send(transport, {
        method: 'PUT',
        path: blobPath(id),
        bytes: { data: stored.data, contentType: stored.attachment.mimeType },
      });
      if (answer.status >= 200 && answer.status < 300) report.uploaded.push(id);
      else if (answer.status === 413 && answerCode(answer.body) !== 'payload_too_large:blob')
        throw failureOfAnswer(answer.status, answer.body);
      else if (answer.status >= 400 && answer.status < 500 && answer.status !== 401) report.skipped.push(id);
      else throw failureOfAnswer(answer.status, answer.body);
    }
  }
  return report;
}

async function askMissing(transport: SyncTransport, ids: string[]): Promise<string[]> {
  const answer = await send(transport, {
    method: 'POST',
    path: BLOB_PATHS.missing,
    body: JSON.stringify({ ids }),
  });
  if (answer.status < 200 || answer.status >= 300) throw failureOfAnswer(answer.status, answer.body);
  const parsed = BlobMissingResponseSchema.safeParse(answer.body);
  if (!parsed.success) throw new SyncFailureError(unexpectedFailure(), null, { cause: parsed.error });
  return parsed.data.missing;
}

function send(transport: SyncTransport, request: Parameters<SyncTransport['send']>[0]) {
  return transport.send(request).catch((error: unknown) => {
    throw new SyncFailureError(unexpectedFailure(), null, { cause: error });
  });
}

function answerCode(body: unknown): string | undefined {
  const error = (body as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

export type BlobDownload = 'stored' | 'not_on_server' | 'failed';

/**
 * SC32: an attachment a chat names but this device lacks is fetched from the sync server when it
 * is needed (a chat that shows it opens, or a request sends it) and kept in the local attachments
 * table, marked synced, so it is fetched once. Bytes that do not match their id are not kept.
 */
export async function downloadBlob(
  transport: SyncTransport,
  store: Pick<StoragePort, 'attachments'>,
  id: string,
  options: { now: string; sha256Hex: (data: Uint8Array) => Promise<string> },
): Promise<BlobDownload> {
  if (!isBlobId(id)) return 'not_on_server';
  let answer;
  try {
    answer = await transport.send({ method: 'GET', path: blobPath(id), bytesAnswer: true });
  } catch {
    return 'failed';
  }
  if (answer.status === 404) return 'not_on_server';
  if (answer.status < 200 || answer.status >= 300 || !answer.bytes) return 'failed';
  const { data, contentType } = answer.bytes;
  if (`att-${(await options.sha256Hex(data)).slice(0, 32)}` !== id) return 'failed';
  await store.attachments.put(
    parseAttachment({
      id,
      mimeType: contentType,
      name: null,
      size: data.byteLength,
      chatID: null,
      createdAt: options.now,
      updatedAt: options.now,
      syncedAt: options.now,
    }),
    data,
    { touch: false },
  );
  return 'stored';
}
