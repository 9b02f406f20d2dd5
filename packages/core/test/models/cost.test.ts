import { describe, expect, it } from 'vitest';
import { costOfUsage } from '../../src/models/cost';
import { parseCustomModel } from '../../src/models/model-descriptor';

describe('cost', () => {
  it('TK3 per-1000-token prices: gpt-4 at 0.03/0.06', () => {
    expect(costOfUsage('gpt-4', { promptTokens: 1000, completionTokens: 500 })).toBeCloseTo(0.03 + 0.03, 10);
  });

  it('TK3 claude-3-haiku at its list price (0.00025 prompt, 0.00125 completion; decision 0028)', () => {
    expect(costOfUsage('claude-3-haiku', { promptTokens: 2000, completionTokens: 4000 })).toBeCloseTo(
      0.0005 + 0.005,
      10,
    );
  });

  it('TK3 custom models with prices are costed; without prices they are free', () => {
    const priced = parseCustomModel({ id: 'p', modelID: 'p', pricing: { prompt: 0.001, completion: 0.002 } });
    expect(costOfUsage('p', { promptTokens: 1000, completionTokens: 1000 }, [priced])).toBeCloseTo(0.003, 10);
    expect(
      costOfUsage('free', { promptTokens: 1000, completionTokens: 1000 }, [
        parseCustomModel({ id: 'free', modelID: 'f' }),
      ]),
    ).toBe(0);
  });

  it('TK4 an unknown model costs zero', () => {
    expect(costOfUsage('no-such-model', { promptTokens: 1e6, completionTokens: 1e6 })).toBe(0);
  });

  it('TK4 a cost the provider reported (OpenRouter) wins over the price list', () => {
    expect(
      costOfUsage('openai/gpt-4o-mini', { promptTokens: 1000, completionTokens: 1000, costUSD: 0.0123 }),
    ).toBe(0.0123);
  });
});
