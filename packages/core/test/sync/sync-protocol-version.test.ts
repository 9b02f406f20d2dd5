import { describe, expect, it } from 'vitest';
import {
  checkSyncProtocol,
  formatSyncChangedEvent,
  ServerSentEventReader,
  SyncChangedEventSchema,
  syncMessages,
  SYNC_EVENTS_HEARTBEAT,
  SYNC_PROTOCOL_VERSION,
} from '../../src/sync';
import { failureOfAnswer, isRetryableFailure } from '../../src/sync-client';

describe('sync protocol version', () => {
  it('PR11 a call without the header is version 1 and accepted; the range decides the rest', () => {
    expect(checkSyncProtocol(undefined)).toEqual({ ok: true, version: 1 });
    expect(checkSyncProtocol(' ')).toEqual({ ok: true, version: 1 });
    expect(checkSyncProtocol(String(SYNC_PROTOCOL_VERSION))).toEqual({
      ok: true,
      version: SYNC_PROTOCOL_VERSION,
    });
    expect(checkSyncProtocol('0')).toEqual({ ok: false, reason: 'client_too_old', version: 0 });
    expect(checkSyncProtocol(String(SYNC_PROTOCOL_VERSION + 1))).toEqual({
      ok: false,
      reason: 'server_too_old',
      version: SYNC_PROTOCOL_VERSION + 1,
    });
    expect(checkSyncProtocol('2', { min: 3, max: 4 })).toMatchObject({ reason: 'client_too_old' });
    expect(checkSyncProtocol('v2')).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSyncProtocol('1.5')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('PR11 an incompatible answer becomes the reload message, whatever its status, and is not retried', () => {
    for (const code of ['incompatible:client_too_old', 'incompatible:server_too_old']) {
      const { failure } = failureOfAnswer(426, { error: { code, message: 'x' }, userMessage: 'x' });
      expect(failure).toEqual({
        code: 'incompatible',
        message: syncMessages.incompatible,
        status: 426,
        sessionExpired: false,
      });
      expect(failure.message).toBe('Parley was updated: reload the page to keep syncing.');
      expect(isRetryableFailure(failure)).toBe(false);
    }
  });
});

describe('change notification stream', () => {
  it('PR12 a changed event carries only the time, and reads back through any cut of the stream', () => {
    const text =
      SYNC_EVENTS_HEARTBEAT +
      formatSyncChangedEvent('2026-03-01T10:00:00.000Z') +
      'event: changed\r\ndata: {"at":"2026-03-01T10:00:01.000Z"}\r\n\r\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const reader = new ServerSentEventReader();
      const first = reader.push(text.slice(0, cut));
      const second = reader.push(text.slice(cut));
      const events = [...first.events, ...second.events];
      expect(events.map((event) => SyncChangedEventSchema.parse(JSON.parse(event.data)).at)).toEqual([
        '2026-03-01T10:00:00.000Z',
        '2026-03-01T10:00:01.000Z',
      ]);
      expect(events.every((event) => event.event === 'changed')).toBe(true);
      expect(first.comments + second.comments).toBe(1);
    }
    expect(SyncChangedEventSchema.safeParse({ at: 'yesterday' }).success).toBe(false);
  });
});
