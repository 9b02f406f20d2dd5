import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEYBOARD_SHORTCUTS,
  defaultSyncedSettings,
  parseSyncedSettings,
  SYNCED_SETTING_KEYS,
  syncedSetting,
} from '../../src/entities/synced-settings';

describe('SyncedSettings', () => {
  it('EN18 defaults follow spec section 9', () => {
    expect(defaultSyncedSettings()).toMatchObject({
      fontSize: 'small',
      streaming: true,
      automaticTitle: true,
      suggestKeywords: true,
      searchEngine: 'google',
      // The interface's language follows the browser until the user chooses one (decision 0085).
      language: null,
      enableGlobalMemory: false,
      defaultModel: 'gpt-5.1',
      defaultSystemMessage: 'You are a helpful AI assistant.',
      hiddenButtons: ['resetChat'],
      keyboardShortcuts: DEFAULT_KEYBOARD_SHORTCUTS,
      customModels: [],
      modelIDsOrder: [],
      hiddenModelIDs: [],
      userPluginSettings: {},
      defaultTemperature: null,
      latestSeenUpdate: null,
    });
  });

  it('EN18 the spec shortcut letters', () => {
    expect(DEFAULT_KEYBOARD_SHORTCUTS).toEqual({
      search: 'K',
      toggleSidebar: 'B',
      newChat: 'N',
      resetChat: 'R',
      regenerate: 'E',
      shareChat: 'S',
      clearContext: 'J',
      togglePlugins: 'P',
      copyLastMessage: 'C',
    });
  });

  it('EN19 v1 settings: retired model ids renamed, custom search key moved into the web search plugin', () => {
    const settings = parseSyncedSettings({
      defaultModel: 'gpt-3.5-turbo-0613',
      modelIDsOrder: ['gpt-4-0613', 'gpt-4', 'claude-v1'],
      customSearchAPIKey: 'key-123',
      customSearchEngineID: 'engine-9',
      customModels: [
        { id: 'proxy-claude', title: 'Proxy', apiType: 'claude', endpoint: 'https://p.example/v1/complete' },
      ],
    });
    expect(settings.defaultModel).toBe('gpt-3.5-turbo');
    expect(settings.modelIDsOrder).toEqual(['gpt-4', 'claude-1']);
    expect(settings.userPluginSettings.get_web_search_results).toEqual({
      searchEngineAPIKey: 'key-123',
      searchEngineID: 'engine-9',
    });
    expect(settings.customSearchAPIKey).toBe('');
    expect(settings.customModels[0]).toMatchObject({
      modelID: 'proxy-claude',
      endpoint: 'https://p.example/v1/messages',
      contextLength: 2048,
    });
  });

  it('EN19 values already on the plugin win over the retired ones', () => {
    const settings = parseSyncedSettings({
      customSearchAPIKey: 'old',
      userPluginSettings: { get_web_search_results: { searchEngineAPIKey: 'new' } },
    });
    expect(settings.userPluginSettings.get_web_search_results).toEqual({ searchEngineAPIKey: 'new' });
  });

  it('EN20 customised shortcuts keep their letters and new actions get defaults', () => {
    expect(parseSyncedSettings({ keyboardShortcuts: { search: 'F' } }).keyboardShortcuts).toEqual({
      ...DEFAULT_KEYBOARD_SHORTCUTS,
      search: 'F',
    });
  });

  it('EN21 one setting parses on its own, tolerant like the whole', () => {
    expect(syncedSetting('fontSize').safeParse('large')).toEqual({
      success: true,
      data: 'large',
      issues: [],
    });
    const bad = syncedSetting('fontSize').safeParse('huge');
    expect(bad.success && bad.data).toBe('small');
    expect(bad.issues).toHaveLength(1);
    expect(SYNCED_SETTING_KEYS).not.toContain('userProfiles');
    expect(SYNCED_SETTING_KEYS).toContain('extensionURLs');
  });

  it('EN24 the reasoning defaults read null when absent, keep what was chosen, and drop a damaged value', () => {
    const v2 = parseSyncedSettings({ schemaVersion: 2, defaultTemperature: 0.5 });
    expect(v2).toMatchObject({
      defaultTemperature: 0.5,
      defaultReasoningEffort: null,
      defaultThinkingBudget: null,
      defaultVerbosity: null,
    });
    expect(syncedSetting('defaultReasoningEffort').safeParse('minimal')).toMatchObject({ data: 'minimal' });
    expect(syncedSetting('defaultThinkingBudget').safeParse(8000)).toMatchObject({ data: 8000 });
    const bad = syncedSetting('defaultVerbosity').safeParse('loud');
    expect(bad.success && bad.data).toBeNull();
    expect(bad.issues).toHaveLength(1);
  });
});
