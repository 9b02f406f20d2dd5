/**
 * What the sync engine needs from the outside world. The web app supplies fetch, localStorage and
 * timers; tests supply fakes (test-support/) or the real server's `app.request`.
 */

/** One call to the sync server. `path` is absolute on the server (`/api/sync`) or a chunk URL it gave. */
export interface SyncHttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** JSON text (the engine serialises once: it also measures the text against maxSyncPayloadSize). */
  readonly body?: string;
  /** Raw bytes instead of JSON (attachment blobs, SC30), sent with their content type. */
  readonly bytes?: { readonly data: Uint8Array; readonly contentType: string };
  /** The answer's body is wanted as bytes when it succeeds (a blob, SC32). */
  readonly bytesAnswer?: boolean;
}

/** The answer: its status and its body parsed as JSON (undefined when it was not JSON). */
export interface SyncHttpResponse {
  readonly status: number;
  readonly body: unknown;
  /** With `bytesAnswer` and a 2xx: the body's bytes and content type. */
  readonly bytes?: { readonly data: Uint8Array; readonly contentType: string };
}

/**
 * The sync server over HTTP. The adapter adds the base URL, the bearer token and the cookie. It
 * rejects only when no answer came (offline, aborted, timed out); any status is an answer.
 */
export interface SyncTransport {
  send(request: SyncHttpRequest): Promise<SyncHttpResponse>;
}

/** Timers, so tests can run the 1 s debounce without waiting. Returns a cancel function. */
export interface SyncScheduler {
  schedule(callback: () => void, delayMs: number): () => void;
}

/** Whether the engine may sync now: cloud sync enabled and a cloud token stored (spec section 4). */
export interface SyncAvailability {
  isActive(): boolean;
  /** Attachment sync (spec category "attachments"); off: non-text message parts are stripped. */
  syncsAttachments(): boolean;
}
