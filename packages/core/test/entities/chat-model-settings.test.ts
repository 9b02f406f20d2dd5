import { describe, expect, it } from 'vitest';
import { planLegacyMigration } from '../../src/storage/legacy';
import { CHAT_SCHEMA_VERSION, parseChat, safeParseChat } from '../../src/entities/chat';
import { CHAT_MODEL_SETTING_KEYS, isValidChatModelSetting } from '../../src/entities/chat-model-settings';

const stored = { id: 'ch-1', createdAt: '2024-05-01T08:00:00.000Z', updatedAt: '2024-05-01T08:00:00.000Z' };
const messages = [
  { id: 'm-1', role: 'user', content: 'hello', createdAt: stored.createdAt, updatedAt: stored.createdAt },
];

describe('Chat modelSettings', () => {
  it('RQ2 every setting round-trips as a typed field; null means "use the default"', () => {
    const modelSettings = {
      temperature: 0.2,
      presencePenalty: -1.5,
      frequencyPenalty: 2,
      topP: 0.9,
      topK: 40,
      maxTokens: 512,
      contextLimit: 6,
      stream: false,
      reasoningEffort: 'high',
      thinkingBudget: 8000,
      verbosity: 'low',
    };
    const result = safeParseChat({ ...stored, modelSettings });
    expect(result.success && result.data.modelSettings).toEqual(modelSettings);
    expect(result.issues).toEqual([]);
    expect(
      parseChat({ ...stored, modelSettings: { temperature: null, stream: null } }).modelSettings,
    ).toEqual({
      temperature: null,
      stream: null,
    });
  });

  it('RQ2 a chat without settings of its own (absent or null) has none, and no issue', () => {
    expect(parseChat(stored).modelSettings).toBeUndefined();
    expect('modelSettings' in parseChat(stored)).toBe(false);
    const nulled = safeParseChat({ ...stored, modelSettings: null });
    expect(nulled.success && nulled.data.modelSettings).toBeUndefined();
    expect(nulled.issues).toEqual([]);
  });

  it('a damaged setting is dropped and reported; the other settings and the chat stay', () => {
    const result = safeParseChat({
      ...stored,
      chatTitle: 'Kept',
      messages,
      modelSettings: {
        temperature: 'hot',
        topP: 1.5,
        topK: 2.5,
        maxTokens: 0,
        contextLimit: 4,
        stream: 'yes',
        reasoningEffort: 'max',
        thinkingBudget: -5,
        verbosity: 1,
      },
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.modelSettings).toEqual({ contextLimit: 4 });
    expect(result.data.chatTitle).toBe('Kept');
    expect(result.data.messages.map((m) => m.content)).toEqual(['hello']);
    expect(result.issues.map((issue) => issue.path)).toEqual([
      'modelSettings.temperature',
      'modelSettings.topP',
      'modelSettings.topK',
      'modelSettings.maxTokens',
      'modelSettings.stream',
      'modelSettings.reasoningEffort',
      'modelSettings.thinkingBudget',
      'modelSettings.verbosity',
    ]);
  });

  it('settings that are not an object are dropped and reported, never thrown', () => {
    for (const damaged of ['fast', 3, [0.5], true]) {
      const result = safeParseChat({ ...stored, messages, modelSettings: damaged });
      expect(result.success && result.data.modelSettings).toBeUndefined();
      expect(result.success && result.data.messages).toHaveLength(1);
      expect(result.issues.map((issue) => issue.path)).toEqual(['modelSettings']);
    }
  });

  it('settings this version does not know are kept (a newer client wrote them)', () => {
    const chat = parseChat({ ...stored, modelSettings: { temperature: 1, reasoningSummary: 'auto' } });
    expect(chat.modelSettings).toEqual({ temperature: 1, reasoningSummary: 'auto' });
    expect(parseChat(chat)).toEqual(chat);
  });

  it('a record written before the field was typed (an unknown field then) reads the same', () => {
    // What the previous code stored: schema version 2 with `modelSettings` kept as an unknown field.
    const before = {
      ...stored,
      chatID: 'ch-1',
      schemaVersion: 2,
      messages,
      modelSettings: { temperature: 0.3, topP: null, contextLimit: 2, stream: true },
    };
    const chat = parseChat(JSON.parse(JSON.stringify(before)));
    expect(chat.modelSettings).toEqual(before.modelSettings);
    expect(parseChat(chat)).toEqual(chat);
  });

  it('old-format chats of the previous app get no settings of their own through the legacy plan', () => {
    const oldChats = [
      {
        chatID: 'ch-old',
        chatTitle: 'Old',
        model: 'gpt-4-0613',
        messages: [{ role: 'user', content: 'hi' }],
      },
    ];
    const plan = planLegacyMigration(
      { getItem: (key) => (key === 'TM_useChats' ? JSON.stringify(oldChats) : null) },
      '2024-05-01T08:00:00.000Z',
    );
    expect(plan.chats).toHaveLength(1);
    expect(plan.chats[0]?.modelSettings).toBeUndefined();
    expect(plan.chats[0]?.messages.some((m) => m.contextBoundary !== undefined)).toBe(false);
    expect(plan.issues).toEqual([]);
  });

  it('isValidChatModelSetting follows the same ranges as the parse', () => {
    expect(CHAT_MODEL_SETTING_KEYS).toHaveLength(11);
    expect(isValidChatModelSetting('temperature', 2)).toBe(true);
    expect(isValidChatModelSetting('temperature', 2.1)).toBe(false);
    expect(isValidChatModelSetting('topK', 1)).toBe(true);
    expect(isValidChatModelSetting('topK', 0)).toBe(false);
    expect(isValidChatModelSetting('contextLimit', null)).toBe(true);
    expect(isValidChatModelSetting('stream', 1)).toBe(false);
    expect(isValidChatModelSetting('reasoningEffort', 'minimal')).toBe(true);
    expect(isValidChatModelSetting('reasoningEffort', 'extreme')).toBe(false);
    expect(isValidChatModelSetting('thinkingBudget', 0)).toBe(true);
    expect(isValidChatModelSetting('thinkingBudget', 1.5)).toBe(false);
    expect(isValidChatModelSetting('verbosity', 'high')).toBe(true);
  });

  it('EN24 a chat stored at version 5 reads unchanged, every setting kept, and is stamped the current version', () => {
    const v5 = {
      ...stored,
      chatID: 'ch-1',
      schemaVersion: 5,
      messages,
      pluginIds: null,
      mcpServerIds: null,
      modelSettings: { temperature: 0.4, maxTokens: 900, topK: null, stream: true },
    };
    const result = safeParseChat(JSON.parse(JSON.stringify(v5)));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.issues).toEqual([]);
    expect(result.data.schemaVersion).toBe(CHAT_SCHEMA_VERSION);
    expect(result.data.modelSettings).toEqual(v5.modelSettings);
    expect(result.data.messages.map((m) => m.content)).toEqual(['hello']);
    // No reasoning setting of its own: the synced defaults apply (RQ2).
    expect(result.data.modelSettings).not.toHaveProperty('reasoningEffort');
    expect(parseChat(result.data)).toEqual(result.data);
  });

  it('EN24 a chat without model settings at version 5 still has none', () => {
    const chat = parseChat({ ...stored, chatID: 'ch-1', schemaVersion: 5 });
    expect(chat.schemaVersion).toBe(CHAT_SCHEMA_VERSION);
    expect(chat.modelSettings).toBeUndefined();
  });
});
