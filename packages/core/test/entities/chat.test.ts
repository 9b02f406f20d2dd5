import { describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { legacyMessageId, newChat, parseChat, safeParseChat } from '../../src/entities/chat';
import { EntityParseError } from '../../src/entities/entity-parser';

const deps = { clock: new FakeClock('2024-05-01T08:00:00.000Z'), ids: new SequentialIdGenerator('r') };

describe('Chat', () => {
  it('EN1 a new chat has a ch- id, the default title and spec defaults', () => {
    const chat = newChat({}, deps);
    expect(chat.id).toMatch(/^ch-/);
    expect(chat.chatID).toBe(chat.id);
    expect(chat).toMatchObject({
      chatTitle: 'Untitled Chat',
      model: 'gpt-4-turbo',
      folderID: null,
      syncedAt: null,
      deletedAt: null,
      messages: [],
      tags: [],
      isExample: false,
      createdAt: '2024-05-01T08:00:00.000Z',
      updatedAt: '2024-05-01T08:00:00.000Z',
      selectedPath: null,
      comparison: null,
      projectId: null,
      schemaVersion: 9,
      pluginIds: null,
      mcpServerIds: null,
      autoRead: null,
    });
  });

  it("EN22 a chat's copy of a custom model keeps no secret row values; other rows stay", () => {
    const chat = parseChat({
      id: 'ch-secret',
      modelInfo: {
        id: 'my-llama',
        headerRows: [
          { key: 'Authorization', value: 'Bearer sk-secret-1' },
          { key: 'X-Team', value: 'blue' },
        ],
        bodyRows: [{ key: 'api_key', value: 'sk-secret-2' }],
      },
    });
    expect(JSON.stringify(chat)).not.toContain('sk-secret');
    expect(chat.modelInfo).toMatchObject({
      headerRows: [
        { key: 'Authorization', value: '' },
        { key: 'X-Team', value: 'blue' },
      ],
      bodyRows: [{ key: 'api_key', value: '' }],
    });
    expect(parseChat({ id: 'ch-plain' }).modelInfo).toBeNull();
  });

  it('EN25 chat v7: a v6 chat has no comparison open and is stamped v7; a stored one reads back; a bad one is null', () => {
    const v6 = parseChat({ id: 'ch-v6', schemaVersion: 6, messages: [] });
    expect(v6).toMatchObject({ schemaVersion: 9, comparison: null });
    const comparison = {
      parentId: 'q',
      columns: [
        { messageId: 'a1', model: 'gpt-5.1' },
        { messageId: 'a2', model: 'claude-sonnet-4-5' },
      ],
    };
    expect(parseChat({ id: 'ch-open', comparison }).comparison).toEqual(comparison);
    expect(parseChat(JSON.parse(JSON.stringify(parseChat({ id: 'ch-rt', comparison })))).comparison).toEqual(
      comparison,
    );
    const bad = safeParseChat({ id: 'ch-bad', comparison: { parentId: 'q', columns: [] } });
    expect(bad.success && bad.data.comparison).toBeNull();
    expect(bad.issues.map((issue) => issue.path)).toContain('comparison');
  });

  it('EN2 id and chatID are filled from each other', () => {
    expect(parseChat({ chatID: 'ch-a' }).id).toBe('ch-a');
    expect(parseChat({ id: 'ch-b' }).chatID).toBe('ch-b');
  });

  it('EN3 a chat without any id is unrecoverable: safeParse reports, parse throws', () => {
    const result = safeParseChat({ chatTitle: 'x' });
    expect(result.success).toBe(false);
    expect(() => parseChat({ chatTitle: 'x' })).toThrow(EntityParseError);
    expect(safeParseChat('not a chat').success).toBe(false);
  });

  it('EN4 invalid fields fall back to defaults with an issue each; unknown fields are kept', () => {
    const result = safeParseChat({
      id: 'ch-1',
      chatTitle: null,
      folderID: 7,
      favoritedAt: 'yesterday-ish',
      futureField: { a: 1 },
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.chatTitle).toBe('Untitled Chat');
    expect(result.data.folderID).toBeNull();
    expect(result.data.favoritedAt).toBeNull();
    expect((result.data as Record<string, unknown>).futureField).toEqual({ a: 1 });
    expect(result.issues.map((i) => i.path)).toEqual(['chatTitle', 'folderID', 'favoritedAt']);
  });

  it('EN5 timestamps from epoch numbers and other date strings become ISO text', () => {
    const chat = parseChat({
      id: 'ch-1',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000,
      archivedAt: 'Tue, 02 Jan 2024 10:00:00 GMT',
    });
    expect(chat.createdAt).toBe('2023-11-14T22:13:20.000Z');
    expect(chat.updatedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(chat.archivedAt).toBe('2024-01-02T10:00:00.000Z');
  });

  it('EN6 old messages get deterministic ids: same data, same ids, on any device', () => {
    const old = {
      chatID: 'ch-old',
      createdAt: '2023-01-01T00:00:00.000Z',
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Hello' },
      ],
    };
    const first = parseChat(structuredCloneJson(old));
    const second = parseChat(structuredCloneJson(old));
    const messageIds = first.messages.map((m) => m.id);
    expect(messageIds).toEqual(second.messages.map((m) => m.id));
    expect(new Set(messageIds).size).toBe(3);
    expect(messageIds[0]).toBe(legacyMessageId('ch-old', 0, 'Hello'));
    expect(messageIds[0]).toMatch(/^msg-[0-9a-f]{32}$/);
    expect(first.messages[0]?.createdAt).toBe('2023-01-01T00:00:00.000Z');
    expect(parseChat({ ...old, chatID: 'ch-other' }).messages[0]?.id).not.toBe(messageIds[0]);
  });

  it('EN6 a duplicated message id is replaced so ids stay unique within the chat', () => {
    const chat = parseChat({
      id: 'ch-1',
      messages: [
        { id: 'same', role: 'user', content: 'a' },
        { id: 'same', role: 'assistant', content: 'b' },
      ],
    });
    expect(chat.messages[0]?.id).toBe('same');
    expect(chat.messages[1]?.id).toBe(legacyMessageId('ch-1', 1, 'b'));
  });

  it('EN7 schema v1 chats get retired model ids renamed, in the chat and its messages', () => {
    const chat = parseChat({
      id: 'ch-1',
      model: 'gpt-4-0613',
      modelInfo: { id: 'claude-v1', endpoint: 'https://proxy.example.com/v1/complete' },
      messages: [{ id: 'm', role: 'assistant', content: 'x', model: 'gpt-3.5-turbo-0613' }],
    });
    expect(chat.model).toBe('gpt-4');
    expect(chat.modelInfo).toEqual({ id: 'claude-1', endpoint: 'https://proxy.example.com/v1/messages' });
    expect(chat.messages[0]?.model).toBe('gpt-3.5-turbo');
  });

  it('EN7 a chat already at the current version is not migrated again', () => {
    const chat = parseChat({ id: 'ch-1', model: 'gpt-4-0613', schemaVersion: 2 });
    expect(chat.model).toBe('gpt-4-0613');
  });

  it('EN8 tags stored as strings become { name } and duplicates are dropped', () => {
    expect(
      parseChat({ id: 'ch-1', tags: ['work', { name: 'work' }, { name: 'home', color: 'red' }, 3] }).tags,
    ).toEqual([{ name: 'work' }, { name: 'home', color: 'red' }]);
  });

  it('EN9 parsing is idempotent', () => {
    const once = parseChat({
      chatID: 'ch-1',
      model: 'claude-v1',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(parseChat(once)).toEqual(once);
  });

  it('gives old messages without times increasing createdAt so merges keep their order', () => {
    const chat = parseChat({
      id: 'ch-legacy',
      createdAt: 1_700_000_000_000,
      messages: ['z', 'a', 'm'].map((content) => ({ role: 'user', content })),
    });
    const times = chat.messages.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort());
    expect(new Set(times).size).toBe(3);
    expect(times[0]).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it('keeps a message tombstone (deletedAt) as a typed field', () => {
    const chat = parseChat({
      id: 'ch-t',
      messages: [{ id: 'm-1', role: 'user', content: 'x', deletedAt: 1_700_000_000_000 }],
    });
    expect(chat.messages[0]?.deletedAt).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it('CX1 boundary markers of a stored chat stay typed; a damaged flag costs only the flag', () => {
    const result = safeParseChat({
      id: 'ch-b',
      messages: [
        { id: 'm-1', role: 'user', content: 'before' },
        { id: 'm-2', role: 'system', content: null, contextBoundary: true },
        { id: 'm-3', role: 'user', content: 'after', contextBoundary: 1 },
      ],
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.messages.map((m) => [m.id, m.contextBoundary])).toEqual([
      ['m-1', undefined],
      ['m-2', true],
      ['m-3', undefined],
    ]);
    expect(result.issues.map((issue) => issue.path)).toEqual(['messages.2.contextBoundary']);
  });
});

function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
