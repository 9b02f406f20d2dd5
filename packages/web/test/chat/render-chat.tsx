import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ProviderAccess } from '../../src/state/key-vault/provider-access';
import { ChatRuntimeProvider, createChatRuntime } from '../../src/features/chat/chat-runtime';
import { ShortcutsProvider } from '../../src/features/shortcuts/ShortcutsProvider';
import { createI18n } from '../../src/i18n';
import { AppStateProvider, customSecretsIn } from '../../src/state';
import { testAppState } from '../support/test-app-state';
import { fakeProvider, type FakeReply } from './fake-provider';

/** Renders chat UI with a real runtime over an in-memory store and a fake provider. */
export function renderWithChat(
  ui: ReactNode,
  options: {
    reply?: (body: Record<string, unknown>) => FakeReply;
    keys?: Partial<Record<string, string>>;
  } = {},
) {
  const clock = new FakeClock('2024-05-03T12:00:00.000Z');
  const store = createMemoryStore({ clock });
  const provider = fakeProvider(
    options.reply ??
      ((body) =>
        body.stream ? { kind: 'stream', pieces: ['Hello ', 'back'] } : { kind: 'json', text: 'A title' }),
  );
  const keys = options.keys ?? { openai: 'sk-test' };
  const services = { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('t') };
  const appState = testAppState({ services });
  const runtime = createChatRuntime(services, {
    settings: appState.settings,
    customSecrets: () => customSecretsIn(appState.keyVault.getState()),
    providerAccess: (id): ProviderAccess => ({ apiKey: keys[id] ?? null, endpoint: 'http://sim.test/v1' }),
    scheduleFrame: (callback) => callback(),
  });
  const view = render(
    <I18nextProvider i18n={createI18n()}>
      <ShortcutsProvider isMac={false}>
        <AppStateProvider state={appState}>
          <ChatRuntimeProvider runtime={runtime}>{ui}</ChatRuntimeProvider>
        </AppStateProvider>
      </ShortcutsProvider>
    </I18nextProvider>,
  );
  return { ...view, runtime, store, provider, appState };
}
