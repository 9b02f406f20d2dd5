import { z } from 'zod/mini';
import type { Chat } from '../entities';
import {
  chunkBySerializedLength,
  SYNC_PATHS,
  SyncBufferResponseSchema,
  SyncConfigResponseSchema,
  SyncResponseSchema,
  type SyncRequest,
  type SyncResponse,
} from '../sync';
import type { SyncHttpResponse, SyncTransport } from './ports';
import { failureOfAnswer, SyncFailureError, unexpectedFailure } from './sync-failure';

/** Room for `{"chats":…,"bufferID":"…"}` around a chunk of chats. */
const BUFFER_ENVELOPE_CHARS = 200;

/**
 * One /api/sync round trip. Above maxSyncPayloadSize the chats go first to /api/sync-buffer in
 * chunks and the sync carries the buffer's id and no chats (PR6, SC11).
 */
export async function exchangeSync(
  transport: SyncTransport,
  request: SyncRequest,
  maxSyncPayloadSize: number,
): Promise<SyncResponse> {
  let body = JSON.stringify(request);
  if (body.length > maxSyncPayloadSize && request.allData.chats.length > 0) {
    const syncBufferID = await uploadToBuffer(transport, request.allData.chats, maxSyncPayloadSize);
    body = JSON.stringify({ ...request, allData: { ...request.allData, chats: [] }, syncBufferID });
  }
  const answer = await transport.send({ method: 'POST', path: SYNC_PATHS.sync, body });
  return parseAnswer(answer, SyncResponseSchema);
}

async function uploadToBuffer(
  transport: SyncTransport,
  chats: readonly Chat[],
  max: number,
): Promise<string> {
  let bufferID: string | undefined;
  for (const chunk of chunkBySerializedLength(chats, Math.max(1, max - BUFFER_ENVELOPE_CHARS))) {
    const answer = await transport.send({
      method: 'POST',
      path: SYNC_PATHS.syncBuffer,
      body: JSON.stringify(bufferID === undefined ? { chats: chunk } : { chats: chunk, bufferID }),
    });
    bufferID = parseAnswer(answer, SyncBufferResponseSchema).syncBufferID;
  }
  if (bufferID === undefined) throw new Error('no chats to buffer');
  return bufferID;
}

/** A response chunk (`updatedChatsChunks` …): GET the URL the server gave, a JSON list (PR5, SC12). */
export async function fetchChunk<T extends z.core.$ZodType>(
  transport: SyncTransport,
  url: string,
  schema: T,
): Promise<z.output<T>> {
  return parseAnswer(await transport.send({ method: 'GET', path: url }), schema);
}

/** The server's maxSyncPayloadSize, asked before the first sync (PR7). */
export async function fetchMaxSyncPayloadSize(transport: SyncTransport): Promise<number> {
  const answer = await transport.send({ method: 'GET', path: SYNC_PATHS.syncConfig });
  return parseAnswer(answer, SyncConfigResponseSchema).maxSyncPayloadSize;
}

function parseAnswer<T extends z.core.$ZodType>(answer: SyncHttpResponse, schema: T): z.output<T> {
  if (answer.status < 200 || answer.status >= 300) throw failureOfAnswer(answer.status, answer.body);
  const parsed = z.safeParse(schema, answer.body);
  if (!parsed.success) {
    throw new SyncFailureError(unexpectedFailure(), null, {
      cause: new Error(`the sync server's answer did not parse: ${parsed.error.message}`),
    });
  }
  return parsed.data;
}
