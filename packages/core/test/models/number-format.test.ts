import { describe, expect, it } from 'vitest';
import {
  formatContextLength,
  formatPricePer1M,
  formatTokenCount,
  formatUsd,
} from '../../src/models/number-format';
import { modelCatalogue } from '../../src/models/catalogue';

describe('number formats', () => {
  it('TK5 token counts as K or M, the unit chosen on the rounded value', () => {
    expect(
      [0, 950, 1000, 1500, 12_345, 999_949, 999_999, 1_000_000, 2_500_000].map(formatTokenCount),
    ).toEqual(['0', '950', '1K', '1.5K', '12.3K', '999.9K', '1M', '1M', '2.5M']);
  });

  it('TK7 context windows are never rounded: exact K in 1,024s or 1,000s, else the whole number', () => {
    expect(
      [2048, 4096, 8192, 12_288, 30_720, 32_768, 16_000, 32_000, 128_000, 200_000, 1_048_576, 16_385].map(
        (tokens) => formatContextLength(tokens, 'en'),
      ),
    ).toEqual(['2K', '4K', '8K', '12K', '30K', '32K', '16K', '32K', '128K', '200K', '1M', '16,385']);
    expect(formatContextLength(500, 'en')).toBe('500');
  });

  it('TK7 every catalogue context window reads without rounding', () => {
    for (const model of modelCatalogue) {
      expect(formatContextLength(model.contextLength, 'en'), model.id).not.toMatch(/\./);
    }
  });

  it('TK8 small costs keep two significant digits and are never $0.0000', () => {
    expect(
      [0, 1.5, 0.03, 0.01, 0.0099, 0.0003, 0.00031, 0.000314, 0.0001, 0.00009, 0.0000001].map((usd) =>
        formatUsd(usd, 'en-US'),
      ),
    ).toEqual([
      '$0.00',
      '$1.50',
      '$0.03',
      '$0.01',
      '$0.0099',
      '$0.0003',
      '$0.00031',
      '$0.00031',
      '$0.0001',
      '< $0.0001',
      '< $0.0001',
    ]);
    expect(formatUsd(1234.5, 'en-US')).toBe('$1,234.50');
  });

  it('TK9 prices per 1M tokens from the stored price per 1K, exact and without float noise', () => {
    expect(
      [0, 0.01, 0.015, 0.0025, 0.00025, 0.000075, 0.00125, 0.0035, 0.00000005, 0.0000001].map(
        formatPricePer1M,
      ),
    ).toEqual(['0', '10', '15', '2.5', '0.25', '0.075', '1.25', '3.5', '0.00005', '0.0001']);
    // OpenRouter's "0.00000125" per token becomes 1.25 per 1M, stored as 0.00125 per 1K.
    expect(formatPricePer1M(1.25 / 1000)).toBe('1.25');
  });
});
