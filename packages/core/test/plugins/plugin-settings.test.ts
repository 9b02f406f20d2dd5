import { describe, expect, it } from 'vitest';
import { parsePlugin } from '../../src/entities';
import { pluginFunctionsOf } from '../../src/plugins/plugin-functions';
import {
  defaultSettingValue,
  pluginSecretId,
  resolvePluginSettings,
} from '../../src/plugins/plugin-settings';

const now = '2026-11-25T00:00:00.000Z';

function plugin(fields: Record<string, unknown>) {
  return parsePlugin({ id: 'p1', createdAt: now, updatedAt: now, ...fields });
}

describe('plugin user settings', () => {
  it('defaults follow the spec: defaultValue, first enum value, 0 for number, empty text', () => {
    expect(defaultSettingValue({ name: 'a', label: 'A', type: 'text', defaultValue: 'x' })).toBe('x');
    expect(defaultSettingValue({ name: 'a', label: 'A', type: 'enum', values: ['b', 'c'] })).toBe('b');
    expect(defaultSettingValue({ name: 'a', label: 'A', type: 'number' })).toBe(0);
    expect(defaultSettingValue({ name: 'a', label: 'A', type: 'password' })).toBe('');
  });

  it('a required setting without a user or default value makes the plugin unusable', () => {
    const p = plugin({
      userSettings: [
        { name: 'engine', label: 'Engine ID', required: true },
        { name: 'key', label: 'API key', type: 'password', required: true },
        { name: 'count', label: 'Count', type: 'number', required: true, defaultValue: 5 },
      ],
    });
    const none = resolvePluginSettings(p, undefined);
    expect(none.missing.map((s) => s.name)).toEqual(['engine', 'key']);
    const filled = resolvePluginSettings(
      p,
      { engine: 'cx1', count: '7', key: 'stored-in-clear' },
      { key: 'k' },
    );
    expect(filled.missing).toEqual([]);
    // Password values come only from the vault, never from the synced settings.
    expect(filled.values).toEqual({ engine: 'cx1', key: 'k', count: 7 });
    expect(pluginSecretId('p1', 'key')).toBe('p1#key');
  });
});

describe('plugin functions', () => {
  it('generation 1: one function named by openaiSpec, never by id', () => {
    const p = plugin({
      id: 'render_html',
      openaiSpec: JSON.stringify({ name: 'render_interactive_canvas', description: 'Draws' }),
      code: 'function render_interactive_canvas() {}',
      outputType: 'render_html',
    });
    expect(pluginFunctionsOf(p)).toMatchObject([
      {
        name: 'render_interactive_canvas',
        description: 'Draws',
        implementationType: 'javascript',
        outputType: 'render_html',
      },
    ]);
  });

  it('generation 2: every named function, http actions given as JSON text decoded', () => {
    const p = plugin({
      pluginFunctions: [
        {
          id: 'f1',
          name: 'a',
          openaiSpec: { name: 'a', description: 'A' },
          implementationType: 'javascript',
          code: 'x',
        },
        { id: 'f2', openaiSpec: { description: 'nameless' } },
        {
          id: 'f3',
          openaiSpec: { name: 'b', description: 'B' },
          implementationType: 'http',
          httpAction: '{"url":"u"}',
        },
      ],
    });
    const fns = pluginFunctionsOf(p);
    expect(fns.map((f) => f.name)).toEqual(['a', 'b']);
    expect(fns[1]?.httpAction).toEqual({ url: 'u' });
    expect(fns[0]?.parameters).toEqual({ type: 'object', properties: {} });
  });
});
