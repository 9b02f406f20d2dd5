import { describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../src/models/catalogue';
import {
  CustomModelSchema,
  ModelDescriptorSchema,
  parseCustomModel,
} from '../../src/models/model-descriptor';

describe('model descriptor', () => {
  it('MD1 every catalogue entry passes the schema unchanged', () => {
    for (const model of modelCatalogue) expect(ModelDescriptorSchema.parse(model)).toEqual(model);
  });

  it('MD2 a custom model defaults to title "Custom Model", context 2048, OpenAI wire format', () => {
    expect(parseCustomModel({ id: 'c1', modelID: 'llama3' })).toEqual({
      id: 'c1',
      modelID: 'llama3',
      title: 'Custom Model',
      contextLength: 2048,
      source: 'custom',
      apiType: 'openai',
      provider: 'custom',
    });
  });

  it('MD3 header and body rows need their key', () => {
    const rows = (key: string) => ({ id: 'c', modelID: 'm', headerRows: [{ key, value: 'v' }] });
    expect(CustomModelSchema.safeParse(rows('X-Api')).success).toBe(true);
    const missing = CustomModelSchema.safeParse(rows('  '));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['headerRows', 0, 'key']);
    expect(
      CustomModelSchema.safeParse({ id: 'c', modelID: 'm', bodyRows: [{ key: '', value: '1' }] }).success,
    ).toBe(false);
  });

  it('MD4 unknown apiType or provider is rejected; unknown fields are dropped', () => {
    expect(CustomModelSchema.safeParse({ id: 'c', modelID: 'm', apiType: 'cohere' }).success).toBe(false);
    expect(CustomModelSchema.safeParse({ id: 'c', modelID: 'm', provider: 'azure' }).success).toBe(false);
    expect(parseCustomModel({ id: 'c', modelID: 'm', legacyFlag: true })).not.toHaveProperty('legacyFlag');
  });
});
