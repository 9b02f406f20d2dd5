import { SYNC_LISTENER_HEADER, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '@parley/core/sync';
import type { SyncHttpResponse, SyncTransport } from '@parley/core/sync-client';

export type FetchSyncTransportOptions = {
  /** Base URL of the sync server, without a trailing slash; read on every call. */
  baseUrl: () => string;
  /** The cloud token kept on this device (bearer), if any; read on every call. */
  token: () => string | undefined;
  /** A rotated token the server handed back (`Parley-Cloud-Token`, sent to bearer callers). */
  onToken?: (token: string) => void;
  fetch: typeof fetch;
  /** This page's notification stream (PR12), named on each call so the server skips it when we write. */
  listenerId?: string;
  /** Spec section 9: the helper fetch aborts after 7000 ms by default. */
  timeoutMs?: number;
  /** Sync bodies can be large: they get longer. */
  syncTimeoutMs?: number;
};

export const DEFAULT_FETCH_TIMEOUT_MS = 7000;
export const CLOUD_TOKEN_HEADER = 'Parley-Cloud-Token';
export const SYNC_FETCH_TIMEOUT_MS = 120_000;

/**
 * The sync transport over fetch: the base URL, `Authorization: Bearer <token>` when a token is
 * kept here (a sync server on another origin cannot read our cookie), and the cookie the server
 * set for its own origin; every call names the sync protocol version (PR11). Rejects only when no answer came (offline, aborted, timed out).
 */
export function createFetchSyncTransport(options: FetchSyncTransportOptions): SyncTransport {
  return {
    async send(request): Promise<SyncHttpResponse> {
      const headers: Record<string, string> = {
        accept: request.bytesAnswer ? '*/*' : 'application/json',
        // PR11: the server refuses a protocol it does not speak with a named reason.
        [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
      };
      if (options.listenerId) headers[SYNC_LISTENER_HEADER] = options.listenerId;
      const token = options.token();
      if (token) headers.authorization = `Bearer ${token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      // Attachment bytes (SC30) go as they are, with their own type.
      if (request.bytes) headers['content-type'] = request.bytes.contentType;
      const isSync = request.path.startsWith('/api/sync') || request.path.startsWith('/api/blobs/');
      const timeout = isSync
        ? (options.syncTimeoutMs ?? SYNC_FETCH_TIMEOUT_MS)
        : (options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
      const url = /^https?:\/\//.test(request.path) ? request.path : `${options.baseUrl()}${request.path}`;
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DOMException('timed out', 'TimeoutError')),
        timeout,
      );
      try {
        const response = await options.fetch(url, {
          method: request.method,
          headers,
          body: request.bytes ? new Blob([request.bytes.data as Uint8Array<ArrayBuffer>]) : request.body,
          credentials: 'same-origin',
          signal: controller.signal,
        });
        const rotated = response.headers.get(CLOUD_TOKEN_HEADER);
        if (rotated) options.onToken?.(rotated);
        if (request.bytesAnswer && response.ok) {
          const data = new Uint8Array(await response.arrayBuffer());
          const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
          return { status: response.status, body: undefined, bytes: { data, contentType } };
        }
        const text = await response.text();
        return { status: response.status, body: parseJson(text) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
