import { CustomModelSchema } from '@parley/core/models';
import { featureFlagDefaults, type FeatureFlags } from '@parley/core/license';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import AppSettingsDialog from '../../src/app/AppSettingsDialog';
import { CloudSyncProvider } from '../../src/features/cloud-sync';
import { FLAGGED_SECTION_IDS, sectionsShown } from '../../src/features/help/help-flags';
import { faqSections, guideSections } from '../../src/features/help/help-content';
import { useFeatureFlags } from '../../src/features/license';
import { useModelDirectory } from '../../src/features/model-picker';
import { useCommunityPromptsEnabled } from '../../src/features/prompts/prompt-library-flag';
import { useSettingsDialog } from '../../src/features/settings';
import { ShortcutsProvider } from '../../src/features/shortcuts/ShortcutsProvider';
import { createI18n } from '../../src/i18n';
import { setHostSettings } from '../../src/state';
import { installTestLicense } from '../license/testing/license-test-kit';
import { testAppState, WithAppState } from '../support/test-app-state';

/**
 * The host's feature flags (parley.config.json): each family of flags is checked where the app
 * reads it, with the flag on (the spec default) and off. Each test fails if its flags did nothing.
 */
const i18n = createI18n();
const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <ShortcutsProvider isMac={false}>
      <WithAppState state={testAppState()}>
        <CloudSyncProvider cloudSync={null}>{children}</CloudSyncProvider>
      </WithAppState>
    </ShortcutsProvider>
  </I18nextProvider>
);

afterEach(() => {
  useFeatureFlags.getState().setFlags({});
  setHostSettings({});
  act(() => useSettingsDialog.getState().close());
});

function settingsTabs(): string[] {
  const list = screen.getByRole('tablist', { name: 'Settings sections' });
  return within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

describe('feature flags of the host: Settings sections', () => {
  it('lists each flagged section by default, and not while its flag is off', () => {
    act(() => useSettingsDialog.getState().open('apiKeys'));
    const { unmount } = render(<AppSettingsDialog />, { wrapper: Providers });
    const flagged = ['Chat', 'Profiles', 'Memory', 'Cloud Sync', 'Custom models', 'Web search', 'Voice'];
    expect(settingsTabs()).toEqual(expect.arrayContaining(flagged));
    // No host extensions: no Extensions section (decision 0140).
    expect(settingsTabs()).not.toContain('Extensions');
    unmount();

    act(() =>
      useFeatureFlags.getState().setFlags({
        modelSettings: false,
        yourProfile: false,
        chatMemory: false,
        syncToCloud: false,
        customModels: false,
        webSearch: false,
        voiceInput: false,
        textToSpeech: false,
      }),
    );
    setHostSettings({ extensions: ['https://chat.example.org/ext/acme.js'] });
    render(<AppSettingsDialog />, { wrapper: Providers });
    const tabs = settingsTabs();
    for (const name of flagged) expect(tabs).not.toContain(name);
    expect(tabs).toEqual(expect.arrayContaining(['General', 'API keys', 'Models', 'Extensions']));
  });

  it('keeps Voice while one of dictation and reading aloud is on', () => {
    act(() => useFeatureFlags.getState().setFlags({ voiceInput: false }));
    act(() => useSettingsDialog.getState().open('apiKeys'));
    render(<AppSettingsDialog />, { wrapper: Providers });
    expect(settingsTabs()).toContain('Voice');
  });
});

describe('feature flags of the host: help', () => {
  it('every flagged help section is a real section of the guide or the FAQ', () => {
    const ids = new Set([...guideSections, ...faqSections].map((section) => section.id));
    expect(FLAGGED_SECTION_IDS.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('the guide and the FAQ leave out the sections of features turned off', () => {
    const titles = (flags: Partial<FeatureFlags>) =>
      [
        ...sectionsShown(guideSections, { ...featureFlagDefaults, ...flags }),
        ...sectionsShown(faqSections, { ...featureFlagDefaults, ...flags }),
      ].map((section) => section.title);
    const all = titles({});
    expect(all).toEqual(
      expect.arrayContaining([
        'Cloud sync and backup',
        'How do I sync my chats between devices?',
        'AI agents',
        'Share a chat',
      ]),
    );
    const off = titles({ syncToCloud: false, pickCharacters: false, externalShare: false });
    expect(off).not.toContain('Cloud sync and backup');
    expect(off).not.toContain('How do I sync my chats between devices?');
    expect(off).not.toContain('AI agents');
    expect(off).not.toContain('Share a chat');
    expect(all.length - off.length).toBe(4);
  });
});

describe('feature flags and providers of the host: the model directory', () => {
  const providersOf = (entries: ReturnType<typeof useModelDirectory>) =>
    new Set(entries.map((entry) => (entry.model.source === 'custom' ? 'custom' : entry.model.provider)));

  it('lists only the providers offered, and no custom models while customModels is off', async () => {
    const state = testAppState();
    await state.settings.ready;
    await state.settings.set('customModels', [
      CustomModelSchema.parse({
        id: 'custom-acme',
        modelID: 'acme-1',
        endpoint: 'https://llm.example.org/v1/chat/completions',
      }),
    ]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <WithAppState state={state}>{children}</WithAppState>
    );
    const all = renderHook(() => useModelDirectory(false), { wrapper });
    expect(providersOf(all.result.current)).toEqual(
      new Set(['openai', 'anthropic', 'gemini', 'openrouter', 'custom']),
    );
    all.unmount();

    setHostSettings({ providers: ['anthropic'] });
    act(() => useFeatureFlags.getState().setFlags({ customModels: false }));
    const offered = renderHook(() => useModelDirectory(false), { wrapper });
    expect(providersOf(offered.result.current)).toEqual(new Set(['anthropic']));
  });
});

describe('feature flags of the host: the bundled prompts', () => {
  // Later files in this worker render with no license, as they would have without this one.
  afterEach(async () => {
    await installTestLicense();
  });

  it('communityPrompts off hides them; systemPromptsForOnlyMembers keeps them from a user without a license', async () => {
    // The license this test renders with is its own (test files share a worker's modules).
    await installTestLicense();
    const wrapper = ({ children }: { children: ReactNode }) => <WithAppState>{children}</WithAppState>;
    const shown = () => renderHook(() => useCommunityPromptsEnabled(), { wrapper }).result.current;
    expect(shown()).toBe(true);
    act(() => useFeatureFlags.getState().setFlags({ communityPrompts: false }));
    expect(shown()).toBe(false);
    act(() => useFeatureFlags.getState().setFlags({ systemPromptsForOnlyMembers: true }));
    expect(shown()).toBe(false);
    await installTestLicense('standard');
    expect(shown()).toBe(true);
  });
});
