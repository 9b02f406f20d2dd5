import { describe, expect, it } from 'vitest';
import { CredentialsSchema } from '../../src/sync/auth-protocol';
import { SyncBufferRequestSchema, SyncRequestSchema, SyncResponseSchema } from '../../src/sync/protocol';

describe('sync protocol schemas', () => {
  it('PR2 a request with only allData is a full re-sync with empty lists', () => {
    const parsed = SyncRequestSchema.parse({ allData: {} });
    expect(parsed.lastSyncAt).toBeNull();
    expect(parsed.allData).toMatchObject({ chats: [], deletedChatIDs: [], folders: [], userSettings: {} });
    expect(parsed.syncBufferID).toBeUndefined();
  });

  it('PR3 items go through the entity parsers (old shapes repaired, ids given to old messages)', () => {
    const parsed = SyncRequestSchema.parse({
      lastSyncAt: 1_704_067_200_000,
      allData: {
        chats: [{ chatID: 'ch-1', model: 'gpt-4-0613', messages: [{ role: 'user', content: 'hi' }] }],
        userPrompts: [{ id: 'p-1', title: 'T' }],
      },
    });
    expect(parsed.lastSyncAt).toBe('2024-01-01T00:00:00.000Z');
    const chat = parsed.allData.chats[0]!;
    expect(chat).toMatchObject({ id: 'ch-1', chatID: 'ch-1', model: 'gpt-4' });
    expect(chat.messages[0]?.id).toMatch(/^msg-/);
    expect(parsed.allData.userPrompts[0]).toMatchObject({ id: 'p-1', deletedAt: null });
  });

  it('PR3 an item that cannot be a record fails the request, naming where', () => {
    const result = SyncRequestSchema.safeParse({ allData: { chats: [{ chatTitle: 'no id' }] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['allData', 'chats', 0]);
    expect(result.error?.issues[0]?.message).toMatch(/not a valid chat/);
    expect(SyncRequestSchema.safeParse({ allData: { deletedChatIDs: [''] } }).success).toBe(false);
  });

  it('MG11 settings sections are parsed per section; unknown section names are dropped', () => {
    const parsed = SyncRequestSchema.parse({
      allData: {
        userSettings: {
          preferences: { updatedAt: '2024-01-02T00:00:00Z', data: { fontSize: 'large' } },
          notASection: { updatedAt: '2024-01-02T00:00:00Z', data: {} },
        },
      },
    });
    expect(parsed.allData.userSettings).toEqual({
      preferences: {
        updatedAt: '2024-01-02T00:00:00.000Z',
        data: expect.objectContaining({ fontSize: 'large' }),
      },
    });
  });

  it('PR6 a buffer chunk needs at least one chat', () => {
    expect(SyncBufferRequestSchema.safeParse({ chats: [] }).success).toBe(false);
    expect(SyncBufferRequestSchema.parse({ chats: [{ id: 'ch-1' }], bufferID: 'b' }).bufferID).toBe('b');
  });

  it('PR5 PR7 a response with chunk URLs instead of chats parses', () => {
    const stats = {
      lastSyncAt: '2024-01-01T00:00:00.000Z',
      totalUsageBytes: 1,
      limitUsageBytes: 2,
      subscriptions: [],
      isPaid: false,
      apis: [],
    };
    const parsed = SyncResponseSchema.parse({
      updatedChatsChunks: ['/api/sync/chunks/abc'],
      lastSyncAt: stats.lastSyncAt,
      totalUsageBytes: 1,
      limitUsageBytes: 2,
      isPaid: false,
      syncStats: stats,
      maxSyncPayloadSize: 3_000_000,
    });
    expect(parsed.updatedChats).toEqual([]);
    expect(parsed.updatedChatsChunks).toEqual(['/api/sync/chunks/abc']);
  });

  it('PR9 credentials: email trimmed and lower-cased, password at least 8 characters', () => {
    expect(CredentialsSchema.parse({ email: ' Ada@Example.COM ', password: '12345678' }).email).toBe(
      'ada@example.com',
    );
    expect(CredentialsSchema.safeParse({ email: 'ada@example.com', password: '1234567' }).success).toBe(
      false,
    );
    expect(CredentialsSchema.safeParse({ email: 'not-an-email', password: '12345678' }).success).toBe(false);
  });
});
