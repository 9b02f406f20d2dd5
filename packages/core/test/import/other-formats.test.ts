import { describe, expect, it } from 'vitest';
import { readImport, sniffJson } from '../../src/import';
import type { ImportResult } from '../../src/import';
import { messageText } from '../../src/entities';
import { selectedPathOf } from '../../src/chat/message-tree';

const NOW = Date.parse('2026-01-01T00:00:00Z');
function importJson(json: unknown): ImportResult {
  const outcome = readImport([{ name: 'export.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}
const texts = (result: ImportResult, chat = 0) => result.chats[chat]!.messages.map((m) => messageText(m));
const visible = (result: ImportResult, chat = 0) =>
  selectedPathOf(result.chats[chat]!).map((m) => messageText(m));

const ZERO = '00000000-0000-4000-8000-000000000000';
const claudeMessage = (
  uuid: string,
  sender: string,
  text: string,
  parent: string | undefined,
  at: string,
  extra = {},
) => ({
  uuid,
  sender,
  text: '',
  content: [{ type: 'text', text }],
  created_at: at,
  ...(parent ? { parent_message_uuid: parent } : {}),
  ...extra,
});

describe('Claude export', () => {
  it('IM14 IM15 a parent-linked export keeps the edit as a branch and selects the newest leaf; thinking and pasted text carry over', () => {
    const result = importJson([
      {
        uuid: 'c1',
        name: 'Poem',
        created_at: '2025-03-01T10:00:00.000000Z',
        updated_at: '2025-03-01T10:05:00.000000Z',
        chat_messages: [
          claudeMessage('h1', 'human', 'Write a poem', ZERO, '2025-03-01T10:00:00Z', {
            attachments: [{ file_name: '', extracted_content: 'long paste' }],
            files: [{ file_name: 'cat.png' }],
          }),
          claudeMessage('a1', 'assistant', 'Roses', 'h1', '2025-03-01T10:01:00Z', {
            content: [
              { type: 'thinking', thinking: 'rhyme?' },
              { type: 'text', text: 'Roses' },
            ],
          }),
          claudeMessage('h2', 'human', 'Shorter', 'a1', '2025-03-01T10:02:00Z'),
          claudeMessage('a2', 'assistant', 'Red', 'h2', '2025-03-01T10:03:00Z'),
          claudeMessage('h2b', 'human', 'Longer', 'a1', '2025-03-01T10:04:00Z'),
          claudeMessage('a2b', 'assistant', 'Roses are red, violets blue', 'h2b', '2025-03-01T10:05:00Z'),
          {
            uuid: 'e',
            sender: 'assistant',
            text: '',
            content: [],
            parent_message_uuid: 'a2b',
            created_at: '2025-03-01T10:06:00Z',
          },
        ],
      },
    ]);
    expect(result.format).toBe('claude');
    expect(visible(result)).toEqual([
      'Write a poem\n\n[File not imported: cat.png]',
      'Roses',
      'Longer',
      'Roses are red, violets blue',
    ]);
    expect(texts(result)).toContain('Red');
    const first = result.chats[0]!.messages[0]!;
    expect(first.content).toEqual([
      { type: 'text', text: 'Write a poem' },
      { type: 'tm_text_file', text: 'long paste', metadata: { name: 'pasted.txt' } },
      { type: 'text', text: '[File not imported: cat.png]' },
    ]);
    expect(result.chats[0]!.messages[1]!.reasoning).toBe('rhyme?');
    expect(result.skipped).toMatchObject({ empty: 1, attachmentLost: 1 });
  });

  it('IM15 an older export without parent links is one line in file order; the flat text is read when content is empty', () => {
    const result = importJson([
      {
        uuid: 'c2',
        name: '',
        chat_messages: [
          { uuid: 'x', sender: 'human', text: 'Hi', content: [], created_at: '2024-01-01T00:00:00+00:00' },
          {
            uuid: 'y',
            sender: 'assistant',
            text: 'Hello',
            content: [],
            created_at: '2024-01-01T00:00:01+00:00',
          },
        ],
      },
    ]);
    expect(visible(result)).toEqual(['Hi', 'Hello']);
    expect(result.chats[0]!.chatTitle).toBe('Untitled Chat');
  });
});

describe('TypingMind backup', () => {
  const backup = {
    data: {
      chats: [
        {
          chatID: 'tm-1',
          chatTitle: 'Trip',
          folderID: 'fo-1',
          model: 'gpt-4o',
          tags: ['travel', { name: 'work' }],
          createdAt: '2025-05-01T08:00:00.000Z',
          updatedAt: '2025-05-01T09:00:00.000Z',
          chatParams: { systemMessage: 'You plan trips.' },
          messages: [
            { uuid: 'w', role: 'assistant', type: 'character-welcome-message', content: 'Welcome!' },
            {
              uuid: 'u',
              role: 'user',
              content: [
                { type: 'text', text: 'Plan Rome' },
                {
                  type: 'tm_image_file',
                  metadata: { name: 'map.png', base64: 'data:image/png;base64,AAAA' },
                },
              ],
              createdAt: '2025-05-01T08:01:00.000Z',
            },
            {
              uuid: 'a',
              role: 'assistant',
              content: 'Day 1: Colosseum',
              model: 'gpt-4o',
              createdAt: '2025-05-01T08:02:00.000Z',
            },
          ],
        },
        { chatID: 'tm-2', chatTitle: 'Gone', deletedAt: '2025-05-02T00:00:00Z', messages: [] },
        { chatID: 'tm-3', chatTitle: 'Bad', messages: 'not a list' },
      ],
      folders: [{ id: 'fo-1', title: 'Travel', order: 2 }],
      userPrompts: [{ id: 'p-1', title: 'Summarise', content: 'Summarise {{text}}' }],
      userCharacters: [{ id: 'char-1', title: 'Guide', instruction: 'You are a guide.' }],
      customSearchAPIKey: 'secret',
    },
  };

  it('IM18 chats, folders, tags, prompts and agents come over; the welcome message, deleted chats and the search key are skipped', () => {
    const result = importJson(backup);
    expect(result.format).toBe('typingmind');
    const [chat] = result.chats;
    expect(chat).toMatchObject({
      chatTitle: 'Trip',
      model: 'gpt-4o',
      systemMessage: 'You plan trips.',
      tags: [{ name: 'travel' }, { name: 'work' }],
    });
    expect(chat!.folderID).toBe(result.folders[0]!.id);
    expect(result.folders[0]).toMatchObject({ title: 'Travel', order: 2 });
    expect(chat!.messages[0]!.content).toEqual([
      { type: 'text', text: 'Plan Rome' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ]);
    expect(result.prompts[0]).toMatchObject({ title: 'Summarise', content: 'Summarise {{text}}' });
    expect(result.characters[0]).toMatchObject({ title: 'Guide', instruction: 'You are a guide.' });
    expect(result.skipped).toMatchObject({ hidden: 1, deleted: 1, secrets: 1 });
    expect(result.problems).toEqual([{ item: 'chat 3 (Bad)', reason: 'messages is not a list' }]);
    expect(JSON.stringify(result)).not.toContain('secret"');
  });

  it('IM18 a chunked backup reads the chats from the listed files', () => {
    const outcome = readImport(
      [
        { name: 'metadata.json', json: {} },
        { name: 'data.json', json: { data: { chats: { chunks: ['chats/0.json'] } } } },
        { name: 'chats/0.json', json: backup.data.chats.slice(0, 1) },
      ],
      { fromZip: true, now: NOW },
    );
    expect(outcome.ok && outcome.result.chats.map((c) => c.chatTitle)).toEqual(['Trip']);
  });
});

describe('the other apps', () => {
  it('IM19 Open WebUI keeps the history tree, selects currentId, and splits embedded reasoning', () => {
    const result = importJson([
      {
        id: 'ow1',
        title: 'Colours',
        created_at: 1710000000,
        updated_at: 1710000100,
        meta: { tags: ['art'] },
        chat: {
          models: ['llama3'],
          system: 'Be short.',
          history: {
            currentId: 'b2',
            messages: {
              q: {
                id: 'q',
                parentId: null,
                childrenIds: ['b1', 'b2'],
                role: 'user',
                content: 'Sky colour?',
                timestamp: 1710000001,
              },
              b1: {
                id: 'b1',
                parentId: 'q',
                childrenIds: [],
                role: 'assistant',
                content: 'Blue',
                model: 'llama3',
                timestamp: 1710000002,
              },
              b2: {
                id: 'b2',
                parentId: 'q',
                childrenIds: [],
                role: 'assistant',
                content:
                  '<details type="reasoning"><summary>Thought</summary>Rayleigh</details>\nBlue, by scattering',
                model: 'mistral',
                timestamp: 1710000003,
              },
            },
          },
        },
      },
    ]);
    expect(result.format).toBe('openwebui');
    expect(visible(result)).toEqual(['Sky colour?', 'Blue, by scattering']);
    expect(texts(result)).toHaveLength(3);
    expect(result.chats[0]!.messages[2]!.reasoning).toBe('Rayleigh');
    expect(result.chats[0]).toMatchObject({
      systemMessage: 'Be short.',
      model: 'llama3',
      tags: [{ name: 'art' }],
    });
  });

  it('IM20 LibreChat reads a recursive tree and keeps both branches (newest leaf selected)', () => {
    const root = '00000000-0000-0000-0000-000000000000';
    const result = importJson({
      conversationId: 'lc1',
      title: 'Fork',
      recursive: true,
      options: { model: 'gpt-4o', promptPrefix: 'Be kind.' },
      messages: [
        {
          messageId: 'm1',
          parentMessageId: root,
          isCreatedByUser: true,
          text: 'Hi',
          createdAt: '2024-02-01T00:00:00Z',
          children: [
            {
              messageId: 'm2',
              parentMessageId: 'm1',
              isCreatedByUser: false,
              text: 'Hello',
              model: 'gpt-4o',
              createdAt: '2024-02-01T00:00:01Z',
              children: [],
            },
            {
              messageId: 'm3',
              parentMessageId: 'm1',
              isCreatedByUser: false,
              content: [
                { type: 'think', think: 'hmm' },
                { type: 'text', text: 'Hey there' },
              ],
              createdAt: '2024-02-01T00:00:02Z',
              children: [],
            },
          ],
        },
      ],
    });
    expect(result.format).toBe('librechat');
    expect(visible(result)).toEqual(['Hi', 'Hey there']);
    expect(result.chats[0]).toMatchObject({ systemMessage: 'Be kind.', model: 'gpt-4o' });
  });

  it('IM21 NextChat backup: sessions with the mask context as system prompt; access-control is never read; empty sessions skipped', () => {
    const result = importJson({
      'chat-next-web-store': {
        sessions: [
          {
            id: 's1',
            topic: 'Hello',
            lastUpdate: 1715000000000,
            mask: {
              context: [{ role: 'system', content: 'You are terse.' }],
              modelConfig: { model: 'gpt-4o-mini' },
            },
            messages: [
              { id: 'n1', role: 'user', content: 'Ping', date: '5/6/2024, 10:00:00 AM' },
              {
                id: 'n2',
                role: 'assistant',
                content: [
                  { type: 'text', text: 'Pong' },
                  { type: 'image_url', image_url: { url: 'data:image/png;base64,BB' } },
                ],
              },
            ],
          },
          { id: 's2', topic: 'Empty', messages: [] },
        ],
      },
      'access-control': { openaiApiKey: 'sk-secret' },
      'prompt-store': { prompts: { p1: { id: 'p1', title: 'Fix', content: 'Fix this' } } },
    });
    expect(result.format).toBe('nextchat');
    expect(result.chats).toHaveLength(1);
    expect(result.chats[0]).toMatchObject({
      chatTitle: 'Hello',
      systemMessage: 'You are terse.',
      model: 'gpt-4o-mini',
    });
    expect(result.chats[0]!.messages[1]!.content).toEqual([
      { type: 'text', text: 'Pong' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,BB' } },
    ]);
    expect(result.prompts[0]).toMatchObject({ title: 'Fix' });
    expect(result.skipped).toMatchObject({ secrets: 1, noMessages: 1 });
    expect(JSON.stringify(result)).not.toContain('sk-secret');
  });

  it('IM21 a NextChat single-chat file: the leading system line is the system prompt, not a message', () => {
    const result = importJson({
      messages: [
        { role: 'system', content: 'Topic: Cats' },
        { role: 'user', content: 'Meow?' },
      ],
    });
    expect(result.format).toBe('nextchat');
    expect(texts(result)).toEqual(['Meow?']);
    expect(result.chats[0]!.systemMessage).toBe('Topic: Cats');
  });

  it('IM22 BetterChatGPT V1 and legacy: folders by id or by name, system message first', () => {
    const chat = {
      id: 'b1',
      title: 'Math',
      folder: 'f1',
      messages: [
        { role: 'system', content: 'You are a tutor.' },
        { role: 'user', content: '1+1?' },
        { role: 'assistant', content: '2' },
      ],
      config: { model: 'gpt-4' },
    };
    const v1 = importJson({
      version: 1,
      chats: [chat],
      folders: { f1: { id: 'f1', name: 'School', expanded: true, order: 0 } },
    });
    expect(v1.format).toBe('betterchatgpt');
    expect(v1.chats[0]).toMatchObject({
      systemMessage: 'You are a tutor.',
      model: 'gpt-4',
      folderID: v1.folders[0]!.id,
    });
    expect(texts(v1)).toEqual(['1+1?', '2']);
    const legacy = importJson([{ ...chat, folder: 'School' }]);
    expect(legacy.chats[0]!.folderID).toBeNull();
  });

  it('IM23 chatbot-ui V1 (numeric ids) and V4 (prompt as system message, folders, prompts)', () => {
    const v1 = importJson([{ id: 1, name: 'Old', messages: [{ role: 'user', content: 'Hey' }] }]);
    expect(v1.format).toBe('chatbot-ui');
    const v4 = importJson({
      version: 4,
      history: [
        {
          id: 'h1',
          name: 'New',
          messages: [
            { role: 'user', content: 'Yo' },
            { role: 'assistant', content: 'Sup' },
          ],
          model: { id: 'gpt-4', name: 'GPT-4' },
          prompt: 'Be cool.',
          folderId: 'fa',
        },
      ],
      folders: [
        { id: 'fa', name: 'Fun', type: 'chat' },
        { id: 'fp', name: 'Prompts', type: 'prompt' },
      ],
      prompts: [{ id: 'pr', name: 'Joke', content: 'Tell a joke' }],
    });
    expect(v4.chats[0]).toMatchObject({
      chatTitle: 'New',
      model: 'gpt-4',
      systemMessage: 'Be cool.',
      folderID: v4.folders[0]!.id,
    });
    expect(v4.folders).toHaveLength(1);
    expect(v4.prompts[0]).toMatchObject({ title: 'Joke', content: 'Tell a joke' });
  });
});

describe('sniffing', () => {
  it('IM1 the content decides, not the name; unknown shapes and non-JSON values are unknown', () => {
    expect(sniffJson([{ id: 'x' }, { mapping: {} }])).toBe('chatgpt');
    expect(sniffJson({ some: 'thing' })).toBeNull();
    expect(sniffJson('a'.repeat(1000))).toBeNull();
    expect(
      readImport([{ name: 'conversations.json', json: { hello: 1 } }], { fromZip: false, now: NOW }),
    ).toEqual({ ok: false, failure: 'unknownFormat' });
  });

  it('IM1 an empty array is nothing to import, not an error', () => {
    const result = importJson([]);
    expect(result.chats).toEqual([]);
  });
});
