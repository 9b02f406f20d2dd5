import { describe, expect, it } from 'vitest';
import { isContextBoundary, messageText, parseMessage, safeParseMessage } from '../../src/entities/message';

const base = { id: 'm1', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };

describe('Message', () => {
  it('EN10 content may be text, null or a list of text, text-file and image parts', () => {
    expect(parseMessage({ ...base, role: 'user', content: 'hi' }).content).toBe('hi');
    expect(parseMessage({ ...base, role: 'assistant', content: null }).content).toBeNull();
    const parts = [
      { type: 'text', text: 'see file' },
      { type: 'tm_text_file', text: 'col1,col2', metadata: { name: 'data.csv' } },
      { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
    ];
    expect(parseMessage({ ...base, role: 'user', content: parts }).content).toEqual(parts);
  });

  it('EN10 an unknown part is dropped and reported; the other parts stay', () => {
    const result = safeParseMessage({
      ...base,
      role: 'user',
      content: [
        { type: 'video', src: 'x' },
        { type: 'text', text: 'ok' },
      ],
    });
    expect(result.success && result.data.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(result.issues.map((i) => i.path)).toEqual(['content.0']);
  });

  it('EN11 every spec field round-trips', () => {
    const full = {
      ...base,
      role: 'assistant' as const,
      content: 'Answer',
      type: 'character-welcome-message' as const,
      model: 'gpt-4',
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      titleUsage: null,
      finish: 'stop_sequence',
      keywords: ['a', 'b'],
      function_call: { name: 'get_web_search_results', arguments: '{"keyword":"x"}' },
      tool_calls: [{ id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }],
      pinned: true,
      error: { code: 'provider:rate_limited', message: 'Slow down' },
    };
    expect(parseMessage(full)).toEqual({ ...full, schemaVersion: 2 });
    const system = {
      ...base,
      role: 'system' as const,
      content: 'x',
      originalContent: 'y',
      plugins: [{ id: 'p', title: 'P', emoji: '🔍' }],
    };
    expect(parseMessage(system)).toMatchObject(system);
    const fn = {
      ...base,
      role: 'function' as const,
      content: 'Title: …',
      name: 'get_web_search_results',
      type: 'tool-response' as const,
    };
    expect(parseMessage(fn)).toMatchObject(fn);
  });

  it('EN11 function arguments stored as an object are turned back into JSON text', () => {
    const message = parseMessage({
      ...base,
      role: 'assistant',
      content: null,
      function_call: { name: 'f', arguments: { q: 1 } },
    });
    expect(message.function_call).toEqual({ name: 'f', arguments: '{"q":1}' });
  });

  it('EN11 a message without a known role cannot be recovered', () => {
    expect(safeParseMessage({ ...base, role: 'wizard', content: 'x' }).success).toBe(false);
  });

  it('CX1 a Clear Context marker as stored today is a typed boundary', () => {
    const marker = { ...base, schemaVersion: 2, role: 'system', content: null, contextBoundary: true };
    const result = safeParseMessage(JSON.parse(JSON.stringify(marker)));
    expect(result.success && result.data).toEqual(marker);
    expect(result.issues).toEqual([]);
    expect(result.success && isContextBoundary(result.data)).toBe(true);
    expect(isContextBoundary(parseMessage({ ...base, role: 'system', content: null }))).toBe(false);
  });

  it('CX1 a damaged boundary flag is dropped and reported; the message stays', () => {
    const result = safeParseMessage({ ...base, role: 'system', content: null, contextBoundary: 'yes' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect('contextBoundary' in result.data).toBe(false);
    expect(isContextBoundary(result.data)).toBe(false);
    expect(result.issues.map((issue) => issue.path)).toEqual(['contextBoundary']);
  });

  it('CX1 only an empty system message can be a boundary: on any other the flag goes, the text stays', () => {
    const onUser = safeParseMessage({ ...base, role: 'user', content: 'keep me', contextBoundary: true });
    expect(onUser.success && onUser.data).toEqual({
      ...base,
      schemaVersion: 2,
      role: 'user',
      content: 'keep me',
    });
    expect(onUser.issues.map((issue) => issue.path)).toEqual(['contextBoundary']);
    const withText = safeParseMessage({
      ...base,
      role: 'system',
      content: 'Be brief.',
      contextBoundary: true,
    });
    expect(withText.success && isContextBoundary(withText.data)).toBe(false);
    expect(withText.success && withText.data.content).toBe('Be brief.');
    const emptyParts = parseMessage({ ...base, role: 'system', content: [], contextBoundary: true });
    expect(isContextBoundary(emptyParts)).toBe(true);
  });

  it('CX1 a boundary flag set to false is kept as it is and is not a boundary', () => {
    const message = parseMessage({ ...base, role: 'system', content: null, contextBoundary: false });
    expect(message.contextBoundary).toBe(false);
    expect(isContextBoundary(message)).toBe(false);
  });

  it('messageText joins the text parts only', () => {
    expect(
      messageText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image_url', image_url: { url: 'u' } },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\n\ntwo');
    expect(messageText({ content: null })).toBe('');
  });
});

describe('a picture part keeps its file name', () => {
  it('the name added to picture parts round-trips; parts written before it read unchanged', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const named = parseMessage({
      id: 'm1',
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: 'attachment:att-1' }, metadata: { name: 'holiday.png' } },
      ],
      createdAt: at,
      updatedAt: at,
    });
    expect(named.content).toEqual([
      { type: 'image_url', image_url: { url: 'attachment:att-1' }, metadata: { name: 'holiday.png' } },
    ]);
    const older = parseMessage({
      id: 'm2',
      role: 'user',
      content: [{ type: 'image_url', image_url: { url: 'attachment:att-1' } }],
      createdAt: at,
      updatedAt: at,
    });
    expect(older.content).toEqual([{ type: 'image_url', image_url: { url: 'attachment:att-1' } }]);
  });
});
