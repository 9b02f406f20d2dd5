import { z } from 'zod';

/**
 * Change notifications (PR12): `GET /api/sync/events` answers a text/event-stream that carries no
 * record data, only `event: changed` with the time of the sync that changed the account's data
 * (the server's stamp, PR1), and a comment line as a heartbeat. Shared by the server, which writes
 * the stream, and the client, which reads it.
 */
export const SYNC_CHANGED_EVENT = 'changed';
/** The server writes a comment at least this often, so proxies keep the stream and clients see it alive. */
export const SYNC_EVENTS_HEARTBEAT_MS = 25_000;

export const SyncChangedEventSchema = z.object({ at: z.iso.datetime() });
export type SyncChangedEvent = z.output<typeof SyncChangedEventSchema>;

/** The text of one `changed` event. */
export function formatSyncChangedEvent(at: string): string {
  return `event: ${SYNC_CHANGED_EVENT}\ndata: ${JSON.stringify({ at })}\n\n`;
}

/** A heartbeat: a comment line, which readers skip. */
export const SYNC_EVENTS_HEARTBEAT = ': keep-alive\n\n';

export type ServerSentEvent = { readonly event: string; readonly data: string };

/**
 * Reads a text/event-stream as it arrives, in pieces cut anywhere: `push(text)` answers the events
 * completed by that piece (a blank line ends one) and how many comment lines it held. Only `event`
 * and `data` fields are kept; `id` and `retry` are ignored. Lines end in LF, CRLF or CR.
 */
export class ServerSentEventReader {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(text: string): { events: ServerSentEvent[]; comments: number } {
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    let comments = 0;
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      // A lone CR at the end may be the first half of CRLF: wait for the next piece.
      if (end < 0 || (end === this.buffer.length - 1 && this.buffer.endsWith('\r'))) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
      } else if (line.startsWith(':')) {
        comments += 1;
      } else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') this.event = value;
        else if (field === 'data') this.data.push(value);
      }
    }
    // A stream that never ends a line is not an event stream: stop holding it.
    if (this.buffer.length > 64 * 1024) this.buffer = '';
    return { events, comments };
  }
}
