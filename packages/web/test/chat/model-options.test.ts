import { findModel, type ModelDescriptor } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import { groupModels, listModels } from '../../src/features/model-picker/model-options';

const custom: ModelDescriptor = {
  ...(findModel('gpt-4') as ModelDescriptor),
  id: 'local-llama',
  modelID: 'llama3',
  title: 'Local Llama',
  provider: 'custom',
  source: 'custom',
  pricing: undefined,
};

describe('model picker options', () => {
  it('lists the catalogue then custom models, without hidden ones', () => {
    const models = listModels({ customModels: [custom], order: [], hidden: ['gpt-4', 'claude-2'] });
    expect(models[0]?.id).toBe('gpt-4-turbo');
    expect(models.at(-1)?.id).toBe('local-llama');
    expect(models.map((model) => model.id)).not.toContain('gpt-4');
    expect(models.map((model) => model.id)).not.toContain('claude-2');
  });

  it('follows modelIDsOrder first; keeps the current model even when hidden', () => {
    const models = listModels({
      customModels: [custom],
      order: ['local-llama', 'claude-3-opus'],
      hidden: ['gpt-4'],
      keep: 'gpt-4',
    });
    expect(models.slice(0, 2).map((model) => model.id)).toEqual(['local-llama', 'claude-3-opus']);
    expect(models.map((model) => model.id)).toContain('gpt-4');
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
});
