import { describe, expect, it } from 'vitest';
import { formatFor } from '../../src/i18n';

/** Numbers, sizes, dates and lists in the language shown, through Intl (i18n/format.ts). */
describe('formatting in the language shown', () => {
  const en = formatFor('en');
  const de = formatFor('de');
  const ru = formatFor('ru');

  it("sizes: 1024-based, in each language's units", () => {
    expect(en.bytes(0)).toBe('0 Bytes'); // English as the spec writes it (TK6)
    expect(en.bytes(1536)).toBe('1.5 KB');
    expect(de.bytes(12)).toBe('12 Byte');
    expect(en.bytes(99 * 1024 * 1024)).toBe('99 MB');
    expect(de.bytes(1536)).toBe('1,5 kB');
    expect(ru.bytes(5 * 1024 ** 3)).toBe('5 ГБ');
    expect(en.bytes(64.4 * 1024 * 1024, 0)).toBe('64 MB');
  });

  it('numbers, money and tokens', () => {
    expect(en.number(12345)).toBe('12,345');
    expect(de.number(12345)).toBe('12.345');
    expect(de.usd(1.25)).toBe('1,25\u00a0$');
    expect(en.tokens(1500)).toBe('1.5K'); // TK5 as written
    expect(ru.tokens(1500)).toBe('1,5\u00a0тыс.');
  });

  it('dates, relative times and lists', () => {
    const at = Date.UTC(2026, 10, 28, 12);
    expect(en.date(at, 'long')).toBe('November 28, 2026');
    expect(de.date(at, 'long')).toBe('28. November 2026');
    expect(en.relative(-1, 'day')).toBe('yesterday');
    expect(ru.relative(-3, 'day')).toBe('3 дня назад');
    expect(en.list(['a', 'b', 'c'])).toBe('a, b, and c');
    expect(formatFor('zh-CN').list(['a', 'b', 'c'])).toBe('a、b和c');
  });

  it('builds each formatter once', () => {
    expect(formatFor('de')).toBe(de);
  });
});
