import { createMemoryStore } from '@parley/core/storage';
import { defaultSyncedSettings } from '@parley/core/entities';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeysSection } from '../../src/features/api-keys';
import { defaultSyncServer } from '../../src/features/cloud-sync/default-sync-server';
import { applyHostConfig } from '../../src/features/host-config/apply-host-config';
import { createI18n } from '../../src/i18n';
import { setHostSettings, useHostSettings } from '../../src/state';
import { createSyncedSettingsStore, hostSettingDefaults } from '../../src/state/synced-settings-store';
import { keyVaultStore, WithAppState } from '../support/test-app-state';

/** The host's defaults from parley.config.json (decision 0139). */
const FILE_URL = 'https://chat.example.org/tools/parley/parley.config.json';

afterEach(() => {
  setHostSettings({});
  localStorage.clear();
});

describe('host defaults: the config file', () => {
  it('goes into the host settings, extension paths resolved beside the file; nothing is fetched', async () => {
    const config = {
      defaultSyncServer: 'https://sync.example.org',
      defaultModel: 'claude-sonnet-4-5',
      modelsFirst: ['claude-sonnet-4-5'],
      providers: ['anthropic', 'openai'],
      extensions: ['ext/acme.js', 'https://cdn.example.org/tools.js'],
    };
    const fetched: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: unknown) => {
      fetched.push(input);
      throw new TypeError('no network');
    }) as typeof fetch;
    try {
      expect(await applyHostConfig(JSON.stringify(config), FILE_URL)).toBeNull();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(useHostSettings.getState()).toEqual({
      ...config,
      extensions: ['https://chat.example.org/tools/parley/ext/acme.js', 'https://cdn.example.org/tools.js'],
    });
    expect(fetched).toEqual([]);
  });
});

describe('host defaults: a new chat’s model and the models listed first', () => {
  it('apply until the user sets their own; reverting brings the host’s back', async () => {
    const store = createMemoryStore();
    const host = hostSettingDefaults({ defaultModel: 'claude-sonnet-4-5', modelsFirst: ['gemini-2.5-pro'] });
    const settings = createSyncedSettingsStore(store, host);
    await settings.ready;
    expect(settings.getState().values.defaultModel).toBe('claude-sonnet-4-5');
    expect(settings.getState().values.modelIDsOrder).toEqual(['gemini-2.5-pro']);

    await settings.set('defaultModel', 'gpt-5');
    // Another start of the app reads the user's choice over the host's.
    const again = createSyncedSettingsStore(store, host);
    await again.ready;
    expect(again.getState().values.defaultModel).toBe('gpt-5');
    await again.set('defaultModel', null);
    expect(again.getState().values.defaultModel).toBe('claude-sonnet-4-5');
  });

  it('with providers offered and no default model, picks one of the first provider when the app’s is not offered', () => {
    const appDefault = defaultSyncedSettings().defaultModel;
    expect(hostSettingDefaults({ providers: ['openai', 'anthropic'] }).defaultModel ?? appDefault).toBe(
      appDefault,
    );
    const picked = hostSettingDefaults({ providers: ['anthropic'] }).defaultModel;
    expect(picked).toMatch(/^claude-/);
  });
});

describe('host defaults: providers offered', () => {
  afterEach(() => keyVaultStore.getState().forgetKeys());

  it('Settings → API keys shows only them; a key stored for another is kept', async () => {
    await keyVaultStore.getState().setKey('gemini', 'AIza-kept');
    setHostSettings({ providers: ['openai'] });
    render(
      <I18nextProvider i18n={createI18n()}>
        <WithAppState>
          <ApiKeysSection />
        </WithAppState>
      </I18nextProvider>,
    );
    expect(screen.getByLabelText('OpenAI API key', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Gemini API key', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Anthropic API key', { selector: 'input' })).toBeNull();
    expect(keyVaultStore.getState().keys.gemini).toBe('AIza-kept');
  });
});

describe('host defaults: the sync server', () => {
  it('the host’s server until the user picks one; none in the static build without it', () => {
    const origin = 'https://chat.example.org';
    expect(defaultSyncServer(origin, true)).toBe(origin);
    expect(defaultSyncServer(origin, false)).toBeNull();
    setHostSettings({ defaultSyncServer: 'https://sync.example.org/' });
    expect(defaultSyncServer(origin, false)).toBe('https://sync.example.org');
    expect(defaultSyncServer(origin, true)).toBe('https://sync.example.org');
  });
});
