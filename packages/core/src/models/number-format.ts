/**
 * How numbers of tokens and money read everywhere in the app (TK5, TK7-TK9): one helper per kind
 * of number, so the chat, the model picker and Usage never disagree on the same value.
 */

/** Building an Intl formatter costs far more than using one: lists format hundreds of numbers a frame. */
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

function trimDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** TK5: tokens used. 950 → "950", 1500 → "1.5K", 999,999 → "1M", 2,500,000 → "2.5M". */
export function formatTokenCount(tokens: number): string {
  const abs = Math.abs(tokens);
  // Decide the unit on the rounded value: 999,999 is "1M", not "1000K".
  if (abs >= 999_950) return `${trimDecimal(tokens / 1_000_000)}M`;
  if (abs >= 1_000) return `${trimDecimal(tokens / 1_000)}K`;
  return String(Math.round(tokens));
}

/**
 * TK7: a context window, never rounded: in K or M only when that is exact, counting in 1,000s
 * where they divide it, as providers advertise (128,000 → "128K", not 125 × 1,024), else in 1,024s
 * (8,192 → "8K", 30,720 → "30K", 1,048,576 → "1M"); otherwise the number itself (16,385).
 */
export function formatContextLength(tokens: number, locale?: string): string {
  for (const [size, unit] of [
    [1_000_000, 'M'],
    [1024 * 1024, 'M'],
    [1000, 'K'],
    [1024, 'K'],
  ] as const) {
    if (tokens >= size && tokens % size === 0) return `${tokens / size}${unit}`;
  }
  return numberFormat(locale).format(tokens);
}

const SMALLEST_SHOWN_USD = 0.0001;

/**
 * TK8: a cost in US dollars. From a cent, two decimals ("$1.25", "$0.03"); below, two significant
 * digits, so a small cost is never "$0.0000" ("$0.0003", "$0.00031"); below a hundredth of a cent,
 * "< $0.0001". Zero is "$0.00".
 */
export function formatUsd(amount: number, locale?: string): string {
  const abs = Math.abs(amount);
  if (amount !== 0 && abs < SMALLEST_SHOWN_USD)
    return `< ${formatUsd(Math.sign(amount) * SMALLEST_SHOWN_USD, locale)}`;
  const small = amount !== 0 && abs < 0.01;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    ...(small
      ? { maximumSignificantDigits: 2, minimumSignificantDigits: 1 }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  }).format(amount);
}

/**
 * TK9: a price per million tokens, the unit every provider's price page uses, from the stored price
 * per 1,000 tokens (no currency sign; the sentence around it has one), exact to a millionth of a
 * dollar, trailing zeros dropped: 0.00125 → "1.25", 0.01 → "10", 0.000075 → "0.075",
 * 0.00000005 → "0.00005".
 */
export function formatPricePer1M(usdPer1k: number): string {
  if (usdPer1k === 0) return '0';
  // Per 1K × 1000, rounded where float noise starts (0.0035 × 1000 is 3.5000000000000004).
  return String(Number((usdPer1k * 1000).toFixed(6)));
}
