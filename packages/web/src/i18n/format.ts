import { formatBytes, formatTokenCount, formatUsd } from '@parley/core/models';
import { useTranslation } from 'react-i18next';

/**
 * Numbers, sizes, dates, times, relative times and lists in the language shown, through `Intl`
 * (never by hand), one place for the whole app: `const format = useFormat()`, then
 * `format.bytes(n)`, `format.date(at)`... Building an Intl formatter costs far more than using one,
 * so each (language, options) is built once.
 */
const formatters = new Map<string, unknown>();

function memo<T>(kind: string, language: string, options: object, make: () => T): T {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let found = formatters.get(key) as T | undefined;
  if (!found) formatters.set(key, (found = make()));
  return found;
}

const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  memo('number', language, options, () => new Intl.NumberFormat(language, options));
const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  memo('date', language, options, () => new Intl.DateTimeFormat(language, options));

/** 1024-based, as the sizes the browser and the operating system show. */
const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

export type Format = ReturnType<typeof createFormat>;

function createFormat(language: string) {
  return {
    language,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      numberFormat(language, options).format(value),
    /**
     * A size, at most `decimals` decimals: "1.5 KB" in English as the spec writes it (TK6), each
     * language's units elsewhere ("1,5 кБ", "1,5 ko"; bytes spelled out).
     */
    bytes(bytes: number, decimals = 2): string {
      if (language === 'en') return formatBytes(bytes, decimals);
      const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
      const exponent = size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), 4);
      const unit = BYTE_UNITS[exponent]!;
      return numberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: unit === 'byte' ? 'long' : 'short',
        maximumFractionDigits: Math.max(0, decimals),
      }).format(size / 1024 ** exponent);
    },
    /** A day: "Nov 28, 2026" (medium), "November 28, 2026" (long). */
    date: (at: number | Date, style: 'short' | 'medium' | 'long' | 'full' = 'medium') =>
      dateFormat(language, { dateStyle: style }).format(at),
    /** A moment: "Nov 28, 2026, 3:04 AM". */
    dateTime: (at: number | Date) =>
      dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    /** Any other date shape ("March 2026", "Nov 28"). */
    dateWith: (at: number | Date, options: Intl.DateTimeFormatOptions) =>
      dateFormat(language, options).format(at),
    /** -2, 'day' -> "2 days ago"; -1, 'day' -> "yesterday". */
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) =>
      memo('relative', language, {}, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })).format(
        value,
        unit,
      ),
    /** ['a', 'b', 'c'] -> "a, b, and c" / "a、b和c". */
    list: (items: readonly string[], type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction') =>
      memo('list', language, { type }, () => new Intl.ListFormat(language, { type })).format(items),
    /** A cost in US dollars (TK8), in this language's way of writing money. */
    usd: (amount: number) => formatUsd(amount, language),
    /** Tokens used (TK5): "1.5K" in English; each language's short form elsewhere ("1,5 тыс."). */
    tokens: (tokens: number) =>
      language === 'en'
        ? formatTokenCount(tokens)
        : numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(tokens),
  };
}

const formats = new Map<string, Format>();

/** The formatters of a language (for code outside React: pass `i18n.language`). */
export function formatFor(language: string): Format {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = createFormat(language)));
  return format;
}

/** The formatters of the language shown; a component using it renders again when it changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  return formatFor(i18n.language);
}
