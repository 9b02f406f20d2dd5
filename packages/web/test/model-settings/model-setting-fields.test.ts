import { isValidChatModelSetting } from '@parley/core/entities';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import {
  numberSettingFields,
  parseSettingInput,
  rangeOf,
  sliderValue,
} from '../../src/features/model-settings/model-setting-fields';

const models: (ModelDescriptor | undefined)[] = [
  undefined,
  findModel('claude-opus-4-1'),
  findModel('gpt-5.1'),
  findModel('gemini-2.5-pro'),
  findModel('openai/gpt-5.1'),
];

const field = (key: string) => numberSettingFields.find((f) => f.key === key)!;

describe('model setting fields', () => {
  it('every value the form can save is one the Chat entity keeps (nothing typed is dropped on save)', () => {
    for (const model of models) {
      for (const setting of numberSettingFields) {
        const range = rangeOf(setting, model);
        if (!range) continue;
        for (const text of [
          String(range.min),
          String(range.max),
          String(range.min - 1e6),
          String(range.max + 1e6),
          '',
        ]) {
          const value = parseSettingInput(text, { ...range, integer: setting.integer });
          expect(
            value === undefined || isValidChatModelSetting(setting.key, value),
            `${model?.id} ${setting.key} ${text}`,
          ).toBe(true);
        }
      }
    }
  });

  it('an integer field rounds a fraction to a valid integer', () => {
    const topK = field('topK');
    expect(parseSettingInput('2.6', { ...rangeOf(topK, undefined)!, integer: true })).toBe(3);
    expect(isValidChatModelSetting('topK', 3)).toBe(true);
  });

  it('RC4/RC5 ranges follow the chat model: Claude temperature 0–1, no penalties; max tokens its limit', () => {
    const claude = findModel('claude-opus-4-1');
    expect(rangeOf(field('temperature'), claude)).toMatchObject({ min: 0, max: 1 });
    expect(rangeOf(field('presencePenalty'), claude)).toBeUndefined();
    expect(rangeOf(field('maxTokens'), claude)).toMatchObject({ min: 1, max: 32_000 });
    expect(rangeOf(field('temperature'), findModel('gpt-5.1'))).toMatchObject({ max: 2 });
    expect(rangeOf(field('topK'), findModel('gpt-5.1'))).toBeUndefined();
    expect(parseSettingInput('1.7', { ...rangeOf(field('temperature'), claude)!, integer: false })).toBe(1);
  });

  it('a slider position is its value without float noise', () => {
    expect(sliderValue('0.30000000000000004', { min: 0, max: 2, step: 0.05 })).toBe(0.3);
    expect(sliderValue('4096', { min: 1, max: 128_000, step: 1 })).toBe(4096);
  });
});
