import { parsePlugin } from '@parley/core/entities';
import { checkPluginRecord, pluginFunctionsOf } from '@parley/core/plugins';
import { describe, expect, it } from 'vitest';
import { draftOf, newFunctionDraft, recordOf } from '../../src/features/plugins/plugin-draft';

const now = '2026-11-25T00:00:00.000Z';
const gen1 = parsePlugin({
  id: 'w',
  uuid: 'w',
  title: 'Weather',
  createdAt: now,
  updatedAt: now,
  githubURL: 'https://example.com/w',
  openaiSpec: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
  code: 'function get_weather() { return "sun"; }',
  userSettings: [{ name: 'key', label: 'Key', type: 'password' }],
});

describe('plugin editor draft', () => {
  it('a generation-1 plugin is saved as generation 1 with its new name and unknown fields kept', () => {
    const draft = draftOf(gen1);
    expect(draft.generation).toBe(1);
    const record = recordOf({ ...draft, title: 'Weather now' }, gen1);
    if (typeof record === 'string') throw new Error(record);
    expect(record).toMatchObject({ title: 'Weather now', githubURL: 'https://example.com/w' });
    expect(record).not.toHaveProperty('pluginFunctions');
    expect(record).not.toHaveProperty('name');
    const checked = checkPluginRecord(record, [gen1], gen1);
    expect(checked.ok).toBe(true);
  });

  it('a new plugin is generation 2; an HTTP function maps the form onto httpAction', () => {
    const draft = draftOf(null);
    const fn = {
      ...newFunctionDraft(),
      name: 'lookup',
      description: 'Look up',
      implementationType: 'http' as const,
      http: {
        method: 'POST',
        url: 'https://api.example.com/x',
        headers: '{"Authorization": "Bearer {token}"}',
        body: '{"q": "{query}"}',
        bodyFormat: 'json' as const,
        engine: 'jmes' as const,
        transform: 'items[0]',
      },
    };
    const record = recordOf({ ...draft, title: 'Lookup', functions: [fn] }, null);
    if (typeof record === 'string') throw new Error(record);
    const checked = checkPluginRecord(record, []);
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.generation).toBe(2);
    const plugin = parsePlugin({ ...checked.record, id: 'n', createdAt: now, updatedAt: now });
    expect(pluginFunctionsOf(plugin)[0]?.httpAction).toMatchObject({
      method: 'POST',
      hasHeaders: true,
      hasBody: true,
      requestBodyFormat: 'json',
      hasResultTransform: true,
      resultTransform: { engine: 'jmes', expression: 'items[0]' },
    });
  });

  it('parameters that are not JSON or not an object schema, and bad user settings, are reported', () => {
    const draft = draftOf(gen1);
    const first = draft.functions[0];
    if (!first) throw new Error('no function');
    expect(recordOf({ ...draft, functions: [{ ...first, parameters: '{' }] }, gen1)).toBe(
      'The parameters of "get_weather" are not valid JSON.',
    );
    expect(recordOf({ ...draft, functions: [{ ...first, parameters: '{"type": "array"}' }] }, gen1)).toBe(
      'The parameters of "get_weather" must be a JSON Schema with "type": "object".',
    );
    expect(recordOf({ ...draft, userSettings: '{"a": 1}' }, gen1)).toBe(
      'Invalid User Settings: JSON string must be an array',
    );
  });
});
