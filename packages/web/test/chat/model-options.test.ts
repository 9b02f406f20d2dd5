import { findModel, type ModelDescriptor } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import {
  groupModels,
  listEntries,
  listModels,
  pickerRows,
  searchModels,
} from '../../src/features/model-picker/model-options';

const custom: ModelDescriptor = {
  ...(findModel('gpt-4.1') as ModelDescriptor),
  id: 'local-llama',
  modelID: 'llama3',
  title: 'Local Llama',
  provider: 'custom',
  source: 'custom',
  pricing: undefined,
};

describe('model picker options', () => {
  it('lists the current catalogue then custom models, without hidden or retired ones', () => {
    const models = listModels({ customModels: [custom], order: [], hidden: ['gpt-5', 'claude-opus-4-1'] });
    const ids = models.map((model) => model.id);
    expect(ids[0]).toBe('gpt-5.2');
    expect(ids.at(-1)).toBe('local-llama');
    expect(ids).not.toContain('gpt-5');
    expect(ids).not.toContain('claude-opus-4-1');
    // The spec's models are kept for old chats, not offered to new ones.
    expect(ids).not.toContain('gpt-4-turbo');
    expect(ids).not.toContain('claude-3-opus');
  });

  it('follows modelIDsOrder first; keeps the current model even when hidden or retired', () => {
    const models = listModels({
      customModels: [custom],
      order: ['local-llama', 'claude-sonnet-4-5'],
      hidden: ['gpt-5.1'],
      keep: 'gpt-5.1',
    });
    expect(models.slice(0, 2).map((model) => model.id)).toEqual(['local-llama', 'claude-sonnet-4-5']);
    expect(models.map((model) => model.id)).toContain('gpt-5.1');
    const retired = listModels({
      customModels: [],
      order: [],
      hidden: [],
      keep: 'gpt-4-turbo',
      keepModel: findModel('gpt-4-turbo'),
    });
    expect(retired.map((model) => model.id)).toContain('gpt-4-turbo');
  });

  it('groups by provider with custom models last', () => {
    const groups = groupModels(listModels({ customModels: [custom], order: [], hidden: [] }));
    expect(groups.map((group) => group.provider)).toEqual([
      'openai',
      'anthropic',
      'gemini',
      'openrouter',
      'custom',
    ]);
  });

  it('searches by name and id, every word, any case', () => {
    const entries = listEntries({ customModels: [custom], order: [], hidden: [] });
    expect(searchModels(entries, 'sonnet 4.5').map((e) => e.model.id)).toEqual([
      'claude-sonnet-4-5',
      'anthropic/claude-sonnet-4.5',
    ]);
    expect(searchModels(entries, 'LLAMA3').map((e) => e.model.id)).toEqual(['local-llama']);
    expect(searchModels(entries, 'nothing-like-this')).toEqual([]);
  });

  it('flattens groups into rows for the virtual list, with each model numbered in order', () => {
    const { rows, models } = pickerRows(listEntries({ customModels: [custom], order: [], hidden: [] }));
    expect(rows[0]).toMatchObject({ kind: 'group', provider: 'openai' });
    expect(rows[1]).toMatchObject({ kind: 'model', index: 0 });
    expect(rows.filter((row) => row.kind === 'model')).toHaveLength(models.length);
    expect(rows.at(-1)).toMatchObject({ kind: 'model', entry: { model: { id: 'local-llama' } } });
  });
});
