import { describe, expect, it } from 'vitest';
import { looksLikeOpenAIKey } from '../../src/license/openai-key';

describe('looksLikeOpenAIKey (LI8)', () => {
  it.each([
    'sk-' + 'A1b2C3d4'.repeat(6),
    'sk-proj-' + 'abcDEF123_-x'.repeat(10),
    '  sk-svcacct-' + 'Z9'.repeat(40) + '\n',
    'sk-admin-' + 'q'.repeat(40),
  ])('LI8 recognises %s', (text) => {
    expect(looksLikeOpenAIKey(text)).toBe(true);
  });

  it.each([
    'PARLEY-ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567',
    'sk-short',
    'sk-',
    '',
    'my key is sk-' + 'a'.repeat(48),
    'sk-ant-api03-' + 'a'.repeat(10) + ' with spaces',
  ])('LI8 does not flag %s', (text) => {
    expect(looksLikeOpenAIKey(text)).toBe(false);
  });
});
