import { describe, expect, it } from 'vitest';
import { planHttpAction } from '../../src/plugins';

const base = {
  method: 'post',
  url: 'https://api.example.com/search?q={query}&key={apiKey}',
  hasHeaders: true,
  requestHeaders: '{"Authorization": "Bearer {apiKey}", "X-Fixed": "1"}',
  hasBody: true,
  requestBody: '{"query": "{query}", "limit": {limit}, "keep": "{unknown}"}',
  requestBodyFormat: 'json',
  hasResultTransform: true,
  resultTransform: { engine: 'handlebars', templateString: '{{#each items}}{{title}}{{/each}}' },
};

describe('http action', () => {
  it('HA1 fills {variable} from arguments then settings: encoded in the URL, JSON-escaped in headers and body', () => {
    const plan = planHttpAction(base, { query: 'a "b" & c', limit: 3 }, { apiKey: 'k/1', query: 'ignored' });
    expect(plan).toEqual({
      ok: true,
      request: {
        method: 'POST',
        url: 'https://api.example.com/search?q=a%20%22b%22%20%26%20c&key=k%2F1',
        headers: { Authorization: 'Bearer k/1', 'X-Fixed': '1', 'Content-Type': 'application/json' },
        body: { format: 'json', text: '{"query":"a \\"b\\" & c","limit":3,"keep":"{unknown}"}' },
      },
      transform: { engine: 'handlebars', templateString: '{{#each items}}{{title}}{{/each}}' },
    });
  });

  it('HA2 a form-data body becomes name/value entries; a JMESPath transform is kept', () => {
    const plan = planHttpAction(
      {
        ...base,
        requestBodyFormat: 'form-data',
        resultTransform: { engine: 'jmes', expression: 'items[].title' },
      },
      { query: 'x', limit: 1 },
      { apiKey: 'k' },
    );
    expect(plan.ok && plan.request.body).toEqual({
      format: 'form-data',
      entries: [
        ['query', 'x'],
        ['limit', '1'],
        ['keep', '{unknown}'],
      ],
    });
    expect(plan.ok && plan.transform).toEqual({ engine: 'jmes', expression: 'items[].title' });
  });

  it('HA3 GET sends no body; flags off drop headers, body and transform', () => {
    const plan = planHttpAction(
      { ...base, method: 'GET', hasHeaders: false, hasResultTransform: false },
      { query: 'x', limit: 1 },
      { apiKey: 'k' },
    );
    expect(plan).toEqual({
      ok: true,
      request: { method: 'GET', url: 'https://api.example.com/search?q=x&key=k', headers: {} },
      transform: undefined,
    });
  });

  it('HA4 a missing or non-http URL and headers that are not a JSON object are clear errors', () => {
    expect(planHttpAction({ ...base, url: '' }, {}, {})).toEqual({
      ok: false,
      message: 'The HTTP action has no URL.',
    });
    expect(planHttpAction({ ...base, url: 'javascript:alert(1)' }, {}, {})).toMatchObject({ ok: false });
    expect(planHttpAction({ ...base, requestHeaders: '[1' }, { query: 'x' }, {})).toEqual({
      ok: false,
      message: "The HTTP action's headers are not a JSON object.",
    });
  });
});
