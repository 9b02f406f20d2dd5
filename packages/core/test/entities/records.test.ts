import { describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { newCharacter, parseCharacter } from '../../src/entities/character';
import { parseFolder } from '../../src/entities/folder';
import { parseMemoryEntry } from '../../src/entities/memory-entry';
import { parsePlugin, safeParsePlugin } from '../../src/entities/plugin';
import { parsePrompt } from '../../src/entities/prompt';
import { parseUsageRecord } from '../../src/entities/usage-record';
import { parseUserProfile } from '../../src/entities/user-profile';
import { defaultVoiceSettings, parseVoiceSettings } from '../../src/entities/voice-settings';

describe('Character', () => {
  it('EN13 new characters have a character- id', () => {
    const character = newCharacter(
      { title: 'Chef' },
      { clock: new FakeClock(), ids: new SequentialIdGenerator('c') },
    );
    expect(character.id).toBe('character-c1');
    expect(character).toMatchObject({
      title: 'Chef',
      modelLocked: false,
      pinned: false,
      trainingExamples: [],
    });
  });

  it('EN14 a system-type character becomes a normal character (schema v1 → v2)', () => {
    const character = parseCharacter({
      id: 'character-1',
      title: 'Built-in',
      type: 'system',
      model: 'claude-v1-100k',
    });
    expect(character).not.toHaveProperty('type');
    expect(character.model).toBe('claude-1-100k');
    expect(character.schemaVersion).toBe(2);
  });

  it('EN14 the old isModelLocked flag is read as modelLocked', () => {
    expect(parseCharacter({ id: 'character-1', isModelLocked: true }).modelLocked).toBe(true);
  });
});

describe('Plugin', () => {
  it('EN15 defaults: installed, respond_to_ai output, javascript implementation', () => {
    expect(parsePlugin({ id: 'p' })).toMatchObject({
      uuid: 'p',
      installed: true,
      outputType: 'respond_to_ai',
      implementationType: 'javascript',
      userSettings: [],
      openaiSpec: null,
    });
  });

  it('EN15 openaiSpec, userSettings and httpAction given as JSON text are decoded', () => {
    const plugin = parsePlugin({
      id: 'p',
      openaiSpec: '{"name":"f","description":"d"}',
      userSettings: '[{"name":"key","label":"Key","type":"password"}]',
      httpAction: '{"method":"GET"}',
    }) as Record<string, unknown>;
    expect(plugin.openaiSpec).toEqual({ name: 'f', description: 'd' });
    expect(plugin.userSettings).toEqual([{ name: 'key', label: 'Key', type: 'password' }]);
    expect(plugin.httpAction).toEqual({ method: 'GET' });
  });

  it('EN15 every unknown field of a plugin file is kept; a bad user setting is dropped alone', () => {
    const result = safeParsePlugin({
      id: 'p',
      pluginFunctions: [{ id: 'f1', name: 'f' }],
      oauthConfig: { scopes: ['a'] },
      userSettings: [{ name: 'ok', label: 'OK' }, { label: 'no name' }],
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const plugin = result.data as Record<string, unknown>;
    expect(plugin.pluginFunctions).toEqual([{ id: 'f1', name: 'f' }]);
    expect(plugin.oauthConfig).toEqual({ scopes: ['a'] });
    expect(result.data.userSettings).toEqual([{ name: 'ok', label: 'OK', type: 'text' }]);
    expect(result.issues.map((i) => i.path)).toEqual(['userSettings.1']);
  });
});

describe('other records', () => {
  it('EN16 a user profile is named Unnamed by default', () => {
    expect(parseUserProfile({ id: 'u' })).toMatchObject({ name: 'Unnamed', isCurrent: false, picURL: '' });
  });

  it('EN16 a folder accepts the old `name` for its title and keeps order and parent', () => {
    expect(parseFolder({ id: 'f', name: 'Work', order: 3, parentID: 'root' })).toMatchObject({
      title: 'Work',
      order: 3,
      parentID: 'root',
      deletedAt: null,
    });
  });

  it('EN16 prompts and memory entries have defaults for everything but the id', () => {
    expect(parsePrompt({ id: 'p' })).toMatchObject({ title: '', content: '', deletedAt: null });
    expect(parseMemoryEntry({ id: 'm' })).toMatchObject({ content: '', sourceChatID: null });
  });

  it('EN16 a usage record without updatedAt takes its recordedAt', () => {
    const record = parseUsageRecord({ id: 'u', recordedAt: '2024-02-02T00:00:00.000Z', totalTokens: 12 });
    expect(record).toMatchObject({ updatedAt: '2024-02-02T00:00:00.000Z', totalTokens: 12, totalCostUSD: 0 });
  });

  it('EN17 voice settings have the spec defaults', () => {
    expect(defaultVoiceSettings()).toMatchObject({
      elevenLabsStability: 0.75,
      elevenLabsClarity: 0.75,
      elevenLabsModel: 'eleven_monolingual_v1',
      openAIVoice: 'alloy',
      openAISpeechModel: 'tts-1',
      openAISpeed: 1,
      browserRate: 1,
      browserPitch: 1,
      autoSpeech: false,
    });
    expect(parseVoiceSettings({ openAIVoice: 'robot' }).openAIVoice).toBe('alloy');
  });
});
