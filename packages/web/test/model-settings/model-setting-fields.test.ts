import { isValidChatModelSetting } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import {
  numberSettingFields,
  parseSettingInput,
} from '../../src/features/model-settings/model-setting-fields';

describe('model setting fields', () => {
  it('every value the form can save is one the Chat entity keeps (nothing typed is dropped on save)', () => {
    for (const field of numberSettingFields) {
      for (const text of [
        String(field.min),
        String(field.max),
        String(field.min - 1e6),
        String(field.max + 1e6),
        '',
      ]) {
        const value = parseSettingInput(text, field);
        expect(value === undefined || isValidChatModelSetting(field.key, value), `${field.key} ${text}`).toBe(
          true,
        );
      }
    }
  });

  it('an integer field rounds a fraction to a valid integer', () => {
    const topK = numberSettingFields.find((field) => field.key === 'topK')!;
    expect(parseSettingInput('2.6', topK)).toBe(3);
    expect(isValidChatModelSetting('topK', 3)).toBe(true);
  });
});
