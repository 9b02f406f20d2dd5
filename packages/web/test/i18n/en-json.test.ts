import { describe, expect, it } from 'vitest';
import { availableLanguages, createI18n, loadLanguage } from '../../src/i18n';
import en from '../../src/i18n/locales/en.json';

function leaves(node: unknown, path: string[] = []): Array<[string, unknown]> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
  }
  return [[path.join('.'), node]];
}

describe('en.json, the source of every visible string', () => {
  const entries = leaves(en);

  it('has only non-empty string values', () => {
    const bad = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
    expect(entries.length).toBeGreaterThan(40);
  });

  it('is nested by area', () => {
    expect(Object.keys(en)).toEqual(
      expect.arrayContaining(['shell', 'settings', 'errors', 'toasts', 'unsupported', 'shortcuts']),
    );
  });

  it('interpolates values with {{name}}', () => {
    const i18n = createI18n();
    expect(i18n.t('errors.fatal.dumpSize', { bytes: '12', size: '12 Bytes' })).toBe('12 bytes (12 Bytes)');
  });

  it('English is always available; an unknown language stays on English', async () => {
    const i18n = createI18n();
    expect(availableLanguages()).toContain('en');
    await loadLanguage(i18n, 'xx');
    expect(i18n.language).toBe('en');
    expect(i18n.t('settings.title')).toBe('Settings');
  });
});
