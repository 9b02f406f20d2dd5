import { strToU8, zipSync } from 'fflate';

/**
 * Export files of other chat apps, written here from their format descriptions (never copied from a
 * real export), with what the import preview must count for each.
 */
export type AppFile = {
  app: string;
  name: string;
  body: Buffer;
  chats: number;
  messages: number;
  title: string;
  /** Records the import adds (chats plus folders, prompts and agents), when not just the chats. */
  added?: number;
  /** The folder the chat lands in (the sidebar shows it closed). */
  folder?: string;
};

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const node = (id: string, parent: string | null, children: string[], message: unknown) => ({
  id,
  parent,
  children,
  message,
});
const msg = (role: string, content: unknown, at: number | null, extra: Record<string, unknown> = {}) => ({
  id: `m-${role}-${at}`,
  author: { role },
  content,
  create_time: at,
  recipient: 'all',
  metadata: {},
  ...extra,
});
const text = (...parts: unknown[]) => ({ content_type: 'text', parts });

/**
 * A ChatGPT conversation with an edited question (two user versions), a regenerated answer (two
 * answer versions), hidden system and context nodes, a tool call, thoughts, an image part and both
 * kinds of citations. Its visible path is the second question and the newest answer.
 */
export function chatGPTConversation(id = 'conv-soup', title = 'Soup picture') {
  const nodes = [
    node(
      'a1',
      'u2',
      [],
      msg('assistant', text('Old answer 【3†source】'), 1700000020, {
        metadata: {
          model_slug: 'gpt-4o',
          citations: [
            { metadata: { type: 'webpage', title: 'Soup facts', url: 'https://soup.example/facts' } },
          ],
        },
      }),
    ),
    node('root', null, ['sys'], null),
    node(
      'sys',
      'root',
      ['ctx'],
      msg('system', text(''), null, { metadata: { is_visually_hidden_from_conversation: true } }),
    ),
    node(
      'ctx',
      'sys',
      ['u1', 'u2'],
      msg(
        'user',
        { content_type: 'user_editable_context', user_profile: 'I cook.', user_instructions: 'Be brief.' },
        null,
      ),
    ),
    node('u1', 'ctx', ['a0'], msg('user', text('What soup is this?'), 1700000000)),
    node(
      'a0',
      'u1',
      [],
      msg('assistant', text('I cannot see a picture.'), 1700000001, { metadata: { model_slug: 'gpt-4' } }),
    ),
    node(
      'u2',
      'ctx',
      ['a1', 'th'],
      msg(
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {
              content_type: 'image_asset_pointer',
              asset_pointer: 'file-service://file-soup',
              width: 8,
              height: 8,
            },
            'What is in this picture?',
          ],
        },
        1700000010,
      ),
    ),
    node(
      'th',
      'u2',
      ['call'],
      msg(
        'assistant',
        { content_type: 'thoughts', thoughts: [{ summary: 'Looking closely', content: 'Orange, a bowl.' }] },
        1700000030,
      ),
    ),
    node(
      'call',
      'th',
      ['tool'],
      msg('assistant', { content_type: 'code', language: 'json', text: '{"q":"orange soup"}' }, 1700000031, {
        recipient: 'browser',
      }),
    ),
    node(
      'tool',
      'call',
      ['a3'],
      msg('tool', text('search results'), 1700000032, { author: { role: 'tool', name: 'browser' } }),
    ),
    node(
      'a3',
      'tool',
      [],
      msg('assistant', text('Pumpkin soup \uE200cite\uE202turn0search1\uE201.'), 1700000035, {
        metadata: {
          model_slug: 'gpt-4o',
          content_references: [
            {
              matched_text: '\uE200cite\uE202turn0search1\uE201',
              alt: '([Soup facts](https://soup.example/facts))',
              type: 'grouped_webpages',
              items: [],
            },
          ],
        },
      }),
    ),
  ];
  return {
    id,
    conversation_id: id,
    title,
    create_time: 1699999999,
    update_time: 1700000040,
    current_node: 'a3',
    default_model_slug: 'gpt-4o',
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
  };
}

export function chatGPTZip(): Buffer {
  return Buffer.from(
    zipSync({
      'conversations.json': strToU8(JSON.stringify([chatGPTConversation()])),
      'chat.html': strToU8('<html></html>'),
      'user.json': strToU8('{"id":"user-1"}'),
    }),
  );
}

export const typingMindBackup = {
  data: {
    chats: [
      {
        chatID: 'tm-rome',
        chatTitle: 'Rome trip',
        folderID: 'fo-travel',
        model: 'gpt-4o',
        tags: ['travel'],
        createdAt: '2025-05-01T08:00:00.000Z',
        updatedAt: '2025-05-01T09:00:00.000Z',
        chatParams: { systemMessage: 'You plan trips.' },
        messages: [
          {
            uuid: 'u',
            role: 'user',
            content: 'Plan two days in Rome',
            createdAt: '2025-05-01T08:01:00.000Z',
          },
          {
            uuid: 'a',
            role: 'assistant',
            content: 'Day 1: the Colosseum. Day 2: the Vatican.',
            model: 'gpt-4o',
            createdAt: '2025-05-01T08:02:00.000Z',
          },
        ],
      },
    ],
    folders: [{ id: 'fo-travel', title: 'Travel', order: 0 }],
    userPrompts: [{ id: 'p-sum', title: 'Summarise', content: 'Summarise {{text}}' }],
    userCharacters: [
      {
        id: 'ch-guide',
        title: 'Tour guide',
        description: 'Knows Rome',
        instruction: 'You are a tour guide.',
      },
    ],
    customSearchAPIKey: 'never-import-me',
  },
};

const ZERO = '00000000-0000-4000-8000-000000000000';

export function appFiles(): AppFile[] {
  return [
    {
      app: 'ChatGPT',
      name: 'chatgpt-export.zip',
      body: chatGPTZip(),
      chats: 1,
      messages: 5,
      title: 'Soup picture',
    },
    {
      app: 'Claude',
      name: 'claude.json',
      chats: 1,
      messages: 2,
      title: 'Haiku about tea',
      body: json([
        {
          uuid: 'cl-1',
          name: 'Haiku about tea',
          created_at: '2025-03-01T10:00:00.000000Z',
          updated_at: '2025-03-01T10:01:00.000000Z',
          chat_messages: [
            {
              uuid: 'h1',
              sender: 'human',
              text: 'A haiku about tea',
              content: [{ type: 'text', text: 'A haiku about tea' }],
              parent_message_uuid: ZERO,
              created_at: '2025-03-01T10:00:00Z',
            },
            {
              uuid: 'a1',
              sender: 'assistant',
              text: '',
              content: [
                { type: 'thinking', thinking: 'five seven five' },
                { type: 'text', text: 'Steam curls from the cup' },
              ],
              parent_message_uuid: 'h1',
              created_at: '2025-03-01T10:00:05Z',
            },
          ],
        },
      ]),
    },
    {
      app: 'TypingMind',
      name: 'typingmind-backup.json',
      body: json(typingMindBackup),
      chats: 1,
      messages: 2,
      title: 'Rome trip',
      added: 4,
      folder: 'Travel',
    },
    {
      app: 'Open WebUI',
      name: 'owui.json',
      chats: 1,
      messages: 3,
      title: 'Sky colour',
      body: json([
        {
          id: 'ow-1',
          title: 'Sky colour',
          created_at: 1710000000,
          updated_at: 1710000100,
          chat: {
            models: ['llama3'],
            history: {
              currentId: 'b2',
              messages: {
                q: {
                  id: 'q',
                  parentId: null,
                  childrenIds: ['b1', 'b2'],
                  role: 'user',
                  content: 'Why is the sky blue?',
                  timestamp: 1710000001,
                },
                b1: {
                  id: 'b1',
                  parentId: 'q',
                  childrenIds: [],
                  role: 'assistant',
                  content: 'Scattering.',
                  model: 'llama3',
                  timestamp: 1710000002,
                },
                b2: {
                  id: 'b2',
                  parentId: 'q',
                  childrenIds: [],
                  role: 'assistant',
                  content: 'Rayleigh scattering.',
                  model: 'llama3',
                  timestamp: 1710000003,
                },
              },
            },
          },
        },
      ]),
    },
    {
      app: 'LibreChat',
      name: 'librechat.json',
      chats: 1,
      messages: 2,
      title: 'Greeting',
      body: json({
        conversationId: 'lc-1',
        title: 'Greeting',
        options: { model: 'gpt-4o' },
        messages: [
          {
            messageId: 'm1',
            parentMessageId: '00000000-0000-0000-0000-000000000000',
            isCreatedByUser: true,
            text: 'Hello LibreChat',
            createdAt: '2024-02-01T00:00:00Z',
          },
          {
            messageId: 'm2',
            parentMessageId: 'm1',
            isCreatedByUser: false,
            text: 'Hello from the import',
            model: 'gpt-4o',
            createdAt: '2024-02-01T00:00:01Z',
          },
        ],
      }),
    },
    {
      app: 'NextChat',
      name: 'Backup-2024-5-6.json',
      chats: 1,
      messages: 2,
      title: 'Ping pong',
      body: json({
        'chat-next-web-store': {
          sessions: [
            {
              id: 'nx-1',
              topic: 'Ping pong',
              lastUpdate: 1715000000000,
              mask: { context: [] },
              messages: [
                { id: 'n1', role: 'user', content: 'Ping' },
                { id: 'n2', role: 'assistant', content: 'Pong' },
              ],
            },
          ],
        },
        'access-control': { openaiApiKey: 'sk-never' },
      }),
    },
    {
      app: 'BetterChatGPT',
      name: 'better.json',
      chats: 1,
      messages: 2,
      title: 'Math help',
      added: 2,
      folder: 'School',
      body: json({
        version: 1,
        chats: [
          {
            id: 'bc-1',
            title: 'Math help',
            folder: 'f1',
            messages: [
              { role: 'system', content: 'You are a tutor.' },
              { role: 'user', content: 'What is 6 x 7?' },
              { role: 'assistant', content: '42' },
            ],
            config: { model: 'gpt-4' },
          },
        ],
        folders: { f1: { id: 'f1', name: 'School', expanded: true, order: 0 } },
      }),
    },
    {
      app: 'chatbot-ui',
      name: 'chatbot_ui_history_5-6.json',
      chats: 1,
      messages: 2,
      title: 'Jokes',
      body: json({
        version: 4,
        history: [
          {
            id: 'cu-1',
            name: 'Jokes',
            messages: [
              { role: 'user', content: 'Tell a joke' },
              { role: 'assistant', content: 'Why did the chicken cross the road?' },
            ],
            model: { id: 'gpt-4' },
            prompt: 'Be funny.',
            folderId: null,
          },
        ],
        folders: [],
        prompts: [],
      }),
    },
  ];
}
