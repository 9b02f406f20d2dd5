import { describe, expect, it } from 'vitest';
import { syncMessages } from '../../src/sync';
import { createShareClient } from '../../src/sync-client/share-client';
import { SharedChatSchema } from '../../src/sync-client/share-protocol';
import { SyncFailureError } from '../../src/sync-client/sync-failure';
import { ScriptedTransport } from '../../src/sync-client/test-support/scripted-transport';

const snapshot = SharedChatSchema.parse({
  chatId: 'ch-1',
  title: 'Trip',
  createdAt: '2026-11-25T10:00:00.000Z',
  messages: [{ role: 'user', content: 'Where to?' }],
});

async function failureOf(status: number, body: unknown) {
  const transport = new ScriptedTransport().on('/api/shares', () => ({ status, body }));
  const error = await createShareClient(transport)
    .create(snapshot)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SyncFailureError);
  return error as SyncFailureError;
}

describe('share client', () => {
  it('SL7 a share over the storage quota shows the server’s sentence about sharing, with the usage numbers', async () => {
    const userMessage = 'This chat is too large to share: your account would go over its storage limit.';
    const error = await failureOf(413, {
      error: { code: 'payload_too_large:share_quota', message: 'quota' },
      userMessage,
      totalUsageBytes: 150,
      limitUsageBytes: 200,
    });
    expect(error.failure).toEqual({
      code: 'client_error',
      message: userMessage,
      status: 413,
      sessionExpired: false,
    });
    expect(error.stats).toMatchObject({ totalUsageBytes: 150, limitUsageBytes: 200 });
  });

  it('SL3 a snapshot over the size of one link says so; any other 413 keeps sync’s text', async () => {
    const userMessage = 'The chat is too large to share (6 MB; the limit is 5 MB).';
    const tooLarge = await failureOf(413, {
      error: { code: 'payload_too_large:share', message: 'x' },
      userMessage,
    });
    expect(tooLarge.failure.message).toBe(userMessage);
    const other = await failureOf(413, {
      error: { code: 'payload_too_large:body', message: 'x' },
      userMessage,
    });
    expect(other.failure).toMatchObject({ code: 'too_large', message: syncMessages.tooLarge });
  });

  it('SL8 the snapshot schema refuses a date that is not one and fields it does not know', () => {
    expect(SharedChatSchema.safeParse({ ...snapshot, createdAt: 'not-a-date' }).success).toBe(false);
    expect(SharedChatSchema.safeParse({ ...snapshot, extra: 1 }).success).toBe(false);
    const message = { role: 'user', content: 'x', createdAt: 'yesterday' };
    expect(SharedChatSchema.safeParse({ ...snapshot, messages: [message] }).success).toBe(false);
  });
});
