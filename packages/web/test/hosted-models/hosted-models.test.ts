import { buildRequest } from '@parley/core/providers';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearHostedModels,
  hostedAccess,
  hostedModel,
  setHostedModels,
} from '../../src/features/hosted-models/hosted-models-store';
import { pickerRows } from '../../src/features/model-picker/model-options';
import { findModel } from '@parley/core/models';

const list = {
  organisation: 'Acme',
  models: [
    {
      id: 'hm_1',
      displayName: 'Team GPT',
      provider: 'openai',
      apiType: 'openai' as const,
      modelID: 'gpt-4o-mini',
      contextLength: 128000,
    },
  ],
};

afterEach(clearHostedModels);

describe('the organisation’s models (web)', () => {
  it('HM1 PR28 a hosted model is sent to the signed-in server’s relay with its session, never with a key', () => {
    setHostedModels('https://parley.example.com', list, { authorization: 'Bearer t0k' });
    const model = hostedModel('hosted:hm_1')!;
    expect(model).toMatchObject({
      title: 'Team GPT',
      apiType: 'openai',
      provider: 'openai',
      modelID: 'gpt-4o-mini',
    });
    const access = hostedAccess(model)!;
    expect(access.relay).toEqual({
      url: 'https://parley.example.com/api/hosted/tm_completions',
      modelId: 'hm_1',
      headers: { authorization: 'Bearer t0k' },
    });
    const built = buildRequest({
      model,
      messages: [{ role: 'user', content: 'Hi' }],
      settings: { stream: true },
      apiKey: access.apiKey,
      relay: access.relay,
    });
    expect(built.url).toBe('https://parley.example.com/api/hosted/tm_completions');
    expect(built.init.credentials).toBe('include');
    expect(JSON.parse(built.init.body)).toEqual({
      modelId: 'hm_1',
      messages: [{ role: 'user', content: 'Hi' }],
      settings: { stream: true },
    });
    expect(built.init.headers).toEqual({ authorization: 'Bearer t0k', 'content-type': 'application/json' });
    // A model of the catalogue is not the relay's.
    expect(hostedAccess(findModel('gpt-4o')!)).toBeUndefined();
  });

  it('HM1 the picker lists the organisation’s models first, in a group of their own', () => {
    setHostedModels('https://parley.example.com', list, {});
    const hosted = hostedModel('hosted:hm_1')!;
    const { rows } = pickerRows([
      { model: findModel('gpt-4o')!, live: false, chat: true },
      { model: hosted, live: false, chat: true },
    ]);
    expect(rows.map((row) => (row.kind === 'group' ? `group:${row.provider}` : row.entry.model.id))).toEqual([
      'group:organisation',
      'hosted:hm_1',
      'group:openai',
      'gpt-4o',
    ]);
    clearHostedModels();
    expect(hostedModel('hosted:hm_1')).toBeUndefined();
  });
});

describe('the organisation’s models among the known models', () => {
  it('HM1 they name chats and answers like listed models, and leave with the session', async () => {
    const { createModelListsStore } = await import('../../src/state');
    const store = createModelListsStore(() => Promise.reject(new Error('not in this test')));
    setHostedModels('https://parley.example.com', list, {});
    store.setOrganisationModels([hostedModel('hosted:hm_1')!]);
    expect(store.getState().known.get('hosted:hm_1')).toMatchObject({ title: 'Team GPT', skipAPIKey: true });
    store.setOrganisationModels([]);
    expect(store.getState().known.has('hosted:hm_1')).toBe(false);
  });
});
