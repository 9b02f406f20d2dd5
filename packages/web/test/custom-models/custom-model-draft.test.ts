import { parseCustomModel, type ModelDescriptor } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import {
  draftFromModel,
  emptyCustomModelDraft,
  modelFromDraft,
  removeCustomModel,
  upsertCustomModel,
  type CustomModelDraft,
} from '../../src/features/custom-models/custom-model-draft';

const newId = () => 'custom-test-1';
const draft = (change: Partial<CustomModelDraft>): CustomModelDraft => ({
  ...emptyCustomModelDraft(),
  modelID: 'llama3.1:8b',
  endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
  ...change,
});

describe('custom model form', () => {
  it('fills the spec defaults: title "Custom Model", context length 2048, OpenAI wire format', () => {
    const result = modelFromDraft(draft({}), newId);
    expect(result).toEqual({ ok: true, model: expect.objectContaining({ id: 'custom-test-1' }) });
    if (!result.ok) return;
    expect(result.model).toMatchObject({
      title: 'Custom Model',
      contextLength: 2048,
      apiType: 'openai',
      provider: 'custom',
      source: 'custom',
      modelID: 'llama3.1:8b',
      endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
    });
    // What the form saves is what core accepts from sync and imports.
    expect(parseCustomModel(result.model)).toEqual(result.model);
  });

  it('requires the model id and an http(s) endpoint', () => {
    expect(modelFromDraft(draft({ modelID: '  ', endpoint: '' }), newId)).toEqual({
      ok: false,
      errors: { modelID: 'required', endpoint: 'required' },
    });
    expect(modelFromDraft(draft({ endpoint: 'ftp://example.test/v1' }), newId)).toEqual({
      ok: false,
      errors: { endpoint: 'endpointInvalid' },
    });
  });

  it('refuses a context length that is not a positive whole number', () => {
    for (const contextLength of ['0', '-5', '12.5', 'lots']) {
      expect(modelFromDraft(draft({ contextLength }), newId)).toEqual({
        ok: false,
        errors: { contextLength: 'contextLength' },
      });
    }
    const ok = modelFromDraft(draft({ contextLength: ' 8192 ' }), newId);
    expect(ok.ok && ok.model.contextLength).toBe(8192);
  });

  it('header and body rows need their required key (the error names the row)', () => {
    const result = modelFromDraft(
      draft({
        headerRows: [
          { key: 'X-Team', value: 'a' },
          { key: ' ', value: 'Bearer abc' },
        ],
        bodyRows: [{ key: '', value: '0.2' }],
      }),
      newId,
    );
    expect(result).toEqual({
      ok: false,
      errors: { 'headerRows.1.key': 'rowKeyRequired', 'bodyRows.0.key': 'rowKeyRequired' },
    });
  });

  it('drops rows left completely blank and trims keys', () => {
    const result = modelFromDraft(
      draft({
        headerRows: [
          { key: '', value: '' },
          { key: ' Authorization ', value: 'Bearer abc' },
        ],
        bodyRows: [{ key: 'temperature', value: '0.2' }],
      }),
      newId,
    );
    expect(result.ok && result.model.headerRows).toEqual([{ key: 'Authorization', value: 'Bearer abc' }]);
    expect(result.ok && result.model.bodyRows).toEqual([{ key: 'temperature', value: '0.2' }]);
  });

  it('editing keeps the id and the fields the form does not show', () => {
    const stored = parseCustomModel({
      id: 'custom-keep',
      modelID: 'm',
      endpoint: 'https://llm.example.test/v1/chat/completions',
      pricing: { prompt: 0.001, completion: 0.002 },
      visionSupported: true,
    });
    const edited = modelFromDraft(
      { ...draftFromModel(stored), title: 'Renamed', apiType: 'claude' },
      newId,
      stored,
    );
    expect(edited.ok && edited.model).toMatchObject({
      id: 'custom-keep',
      title: 'Renamed',
      apiType: 'claude',
      visionSupported: true,
      pricing: { prompt: 0.001, completion: 0.002 },
    });
  });

  it('TK9 prices are typed per 1M tokens and stored per 1K, as every stored model keeps them', () => {
    const stored = parseCustomModel({
      id: 'custom-priced',
      modelID: 'm',
      endpoint: 'https://llm.example.test/v1/chat/completions',
      pricing: { prompt: 0.00125, completion: 0.01 },
    });
    expect(draftFromModel(stored)).toMatchObject({ promptPrice: '1.25', completionPrice: '10' });
    const priced = modelFromDraft(draft({ promptPrice: '0.5', completionPrice: '' }), newId);
    expect(priced.ok && priced.model.pricing).toEqual({ prompt: 0.0005, completion: 0 });
    const cleared = modelFromDraft(
      { ...draftFromModel(stored), promptPrice: '', completionPrice: '' },
      newId,
      stored,
    );
    expect(cleared.ok && cleared.model.pricing).toBeUndefined();
    expect(modelFromDraft(draft({ promptPrice: '-1', completionPrice: 'cheap' }), newId)).toEqual({
      ok: false,
      errors: { promptPrice: 'price', completionPrice: 'price' },
    });
  });

  it('RC1 the reasoning switch marks the model as taking reasoning controls', () => {
    const result = modelFromDraft(draft({ reasoningSupported: true }), newId);
    expect(result.ok && result.model.reasoningSupported).toBe(true);
    expect(draftFromModel(parseCustomModel({ id: 'x', modelID: 'x' })).reasoningSupported).toBe(false);
  });

  it('adds, replaces in place and removes models by id', () => {
    const a = parseCustomModel({ id: 'a', modelID: 'a' }) as ModelDescriptor;
    const b = parseCustomModel({ id: 'b', modelID: 'b' }) as ModelDescriptor;
    const list = upsertCustomModel(upsertCustomModel([], a), b);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
    const renamed = { ...a, title: 'A2' };
    expect(upsertCustomModel(list, renamed).map((m) => m.title)).toEqual(['A2', 'Custom Model']);
    expect(removeCustomModel(list, 'a').map((m) => m.id)).toEqual(['b']);
  });
});
