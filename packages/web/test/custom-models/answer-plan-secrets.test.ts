import { newMessage } from '@parley/core/chat';
import { newChat, syncedSetting } from '@parley/core/entities';
import { CustomModelSchema, customSecretId } from '@parley/core/models';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { buildRequest } from '@parley/core/providers';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { planAnswer } from '../../src/features/chat/answer-plan';
import { createSyncedSettingsStore } from '../../src/state/synced-settings-store';

const SECRET = 'Bearer sk-PLAINTEXT-plan-secret-61d4';
const deps = { clock: new FakeClock('2024-05-03T12:00:00.000Z'), ids: new SequentialIdGenerator('t') };

/** A custom model as the synced settings keep it: the Authorization row with an empty value. */
const synced = CustomModelSchema.parse({
  id: 'custom-a',
  modelID: 'llama3.1:8b',
  endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
  headerRows: [
    { key: 'Authorization', value: '' },
    { key: 'X-Title', value: 'Parley' },
  ],
  bodyRows: [{ key: 'api_key', value: '' }],
});

async function plan(secrets: Record<string, string>) {
  const store = createMemoryStore({ clock: deps.clock });
  await store.settings.set(syncedSetting('customModels'), [synced]);
  const settings = createSyncedSettingsStore(store);
  await settings.ready;
  const chat = newChat(
    { model: 'custom-a', messages: [newMessage({ role: 'user', content: 'Hi' }, deps)] },
    deps,
  );
  const planned = planAnswer(chat, {
    settings,
    providerAccess: () => ({ apiKey: null, endpoint: 'http://unused.test' }),
    promptContext: () => ({ now: new Date(0), locale: 'en', timeZone: 'UTC' }),
    customSecrets: () => secrets,
  });
  if (!planned.ok) return { notice: planned.notice, settings };
  const { url, init } = buildRequest(planned.plan.request);
  const headers = init.headers as Record<string, string>;
  return {
    built: { url, headers, body: JSON.parse(init.body as string) as unknown },
    settings,
    notice: null,
  };
}

describe('answer plan: custom model secrets from the vault', () => {
  it('fills the secret rows into the request to the model own server', async () => {
    const { built, settings } = await plan({
      [customSecretId('custom-a', 'header', 'authorization')]: SECRET,
      [customSecretId('custom-a', 'body', 'api_key')]: 'body-secret',
    });
    if (!built) throw new Error('not planned');
    expect(built.url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(built.headers.Authorization).toBe(SECRET);
    expect(built.headers['X-Title']).toBe('Parley');
    expect(built.body).toMatchObject({ api_key: 'body-secret' });
    // In memory only: the synced settings still hold the row empty.
    expect(settings.getState().values.customModels[0]?.headerRows?.[0]).toEqual({
      key: 'Authorization',
      value: '',
    });
  });

  it('without a vault value nothing is sent: a notice names the rows to enter on this device', async () => {
    const { notice } = await plan({ [customSecretId('custom-a', 'body', 'api_key')]: 'body-secret' });
    expect(notice).toEqual({ kind: 'missing-secret', model: 'Custom Model', rows: ['Authorization'] });
  });
});
