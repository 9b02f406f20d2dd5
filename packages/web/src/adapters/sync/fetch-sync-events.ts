import {
  ServerSentEventReader,
  SYNC_CHANGED_EVENT,
  SYNC_PATHS,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  SyncChangedEventSchema,
} from '@parley/core/sync';
import type { SyncEventSource } from '@parley/core/sync-client';

export type FetchSyncEventsOptions = {
  /** Base URL of the sync server, without a trailing slash; read on every open. */
  baseUrl: () => string;
  /** The cloud token kept on this device (bearer), if any; else the cookie goes. */
  token: () => string | undefined;
  /** This page's stream id, also sent on its sync calls so the server does not notify its own writes. */
  listenerId: string;
  fetch: typeof fetch;
};

/**
 * Change notifications (PR12) over a fetch stream rather than EventSource: the stream needs the
 * bearer token on a sync server of another origin and the protocol header, which EventSource
 * cannot send. Reads `changed` events through core's reader; a `changed` that does not parse is
 * skipped.
 */
export function createFetchSyncEvents(options: FetchSyncEventsOptions): SyncEventSource {
  return {
    open(handlers) {
      const controller = new AbortController();
      let closed = false;
      const end = (status?: number) => {
        if (closed) return;
        closed = true;
        handlers.closed(status);
      };
      void (async () => {
        const headers: Record<string, string> = {
          accept: 'text/event-stream',
          [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
        };
        const token = options.token();
        if (token) headers.authorization = `Bearer ${token}`;
        const url = `${options.baseUrl()}${SYNC_PATHS.syncEvents}?listener=${encodeURIComponent(options.listenerId)}`;
        const response = await options.fetch(url, {
          headers,
          credentials: 'same-origin',
          cache: 'no-store',
          signal: controller.signal,
        });
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          return end(response.status);
        }
        handlers.opened();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const events = new ServerSentEventReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done || closed) break;
          const read = events.push(value);
          handlers.alive();
          for (const event of read.events) {
            if (event.event !== SYNC_CHANGED_EVENT) continue;
            const parsed = safeJson(event.data);
            const changed = SyncChangedEventSchema.safeParse(parsed);
            if (changed.success) handlers.changed(changed.data.at);
          }
        }
        end();
      })().catch(() => end());
      return () => {
        closed = true;
        controller.abort();
      };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
