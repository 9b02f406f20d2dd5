import { describe, expect, it } from 'vitest';
import { parsePlugin, type Plugin } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import {
  checkPluginRecord,
  pluginFileOf,
  pluginFromRecord,
  pluginFunctionsOf,
  pluginImportError,
  readPluginFile,
  readRepositoryPlugin,
  userSettingsError,
} from '../../src/plugins';
import { gen1File, gen2File } from './plugin-fixtures';

const deps = { clock: new FakeClock('2026-11-25T10:00:00.000Z'), ids: new SequentialIdGenerator('r') };

function install(text: string, installed: Plugin[] = []): Plugin {
  const result = readPluginFile(text, installed);
  if (!result.ok) throw new Error(result.error);
  return pluginFromRecord(result.record, result.replaces, { ...deps, installed, enable: true });
}

function errorOf(file: unknown, installed: Plugin[] = []): string {
  const result = checkPluginRecord(file, installed);
  return result.ok ? 'ok' : result.error;
}

describe('plugin files', () => {
  it('PL1 a plugin name (title) is required', () => {
    expect(errorOf({ ...gen1File, title: undefined })).toBe('Plugin name is required');
    expect(errorOf({ ...gen1File, title: '  ' })).toBe('Plugin name is required');
  });

  it('PL2 the function spec must have a name and a description', () => {
    expect(errorOf({ ...gen1File, openaiSpec: undefined })).toBe(
      'The function spec must have a name and a description.',
    );
    expect(errorOf({ ...gen1File, openaiSpec: { description: 'd' } })).toBe(
      'The function spec must have a name.',
    );
    expect(errorOf({ ...gen1File, openaiSpec: { name: 'get_weather' } })).toBe(
      'The function spec of "get_weather" must have a description.',
    );
    const fns = gen2File.pluginFunctions.map((fn, i) =>
      i === 1 ? { ...fn, openaiSpec: { name: 'make_card' } } : fn,
    );
    expect(errorOf({ ...gen2File, pluginFunctions: fns })).toBe(
      'The function spec of "make_card" must have a description.',
    );
  });

  it('PL3 duplicate function names are rejected, in the file and against installed plugins', () => {
    const twice = [gen2File.pluginFunctions[1], gen2File.pluginFunctions[1]];
    expect(errorOf({ ...gen2File, pluginFunctions: twice })).toBe('Duplicate function name: "make_card".');
    const weather = install(JSON.stringify(gen1File));
    const other = { ...gen1File, uuid: 'another', id: 'another', title: 'Other weather' };
    expect(errorOf(other, [weather])).toBe(
      'Duplicate function name: "get_weather" is already used by the plugin "Weather".',
    );
    // A deleted plugin's names are free again.
    expect(errorOf(other, [{ ...weather, deletedAt: '2026-11-25T11:00:00.000Z' }])).toBe('ok');
  });

  it('PL4 parameters must be a JSON Schema of an object', () => {
    const spec = (parameters: unknown) => ({
      ...gen1File,
      openaiSpec: { name: 'get_weather', description: 'd', parameters },
    });
    expect(errorOf(spec('x'))).toBe('The parameters of "get_weather" must be a JSON Schema object.');
    expect(errorOf(spec({ type: 'array' }))).toBe(
      'The parameters of "get_weather" must be a JSON Schema with "type": "object".',
    );
    expect(errorOf(spec({ type: 'object', required: 'city' }))).toBe(
      'The parameters of "get_weather" must list required ones as an array.',
    );
  });

  it('PL5 an HTTP action needs a URL, a known method and a known transform engine', () => {
    const http = (httpAction: unknown) => ({ ...gen1File, implementationType: 'http', httpAction });
    expect(errorOf(http(undefined))).toBe('The HTTP action of "get_weather" is missing.');
    expect(errorOf(http({ method: 'GET' }))).toBe('The HTTP action of "get_weather" needs a URL.');
    expect(errorOf(http({ method: 'BREW', url: 'https://x' }))).toBe(
      'The HTTP action of "get_weather" has an unknown method.',
    );
    expect(
      errorOf(http({ url: 'https://x', hasResultTransform: true, resultTransform: { engine: 'xslt' } })),
    ).toBe('The result transform of "get_weather" must use "handlebars" or "jmes".');
    expect(errorOf(http('{"url": "https://x"'))).toBe('The HTTP action is not valid JSON.');
  });

  it('PL6 user settings must be valid JSON', () => {
    expect(userSettingsError('[{')).toBe('User Settings input is not a valid JSON.');
    expect(errorOf({ ...gen1File, userSettings: '[{' })).toBe('User Settings input is not a valid JSON.');
  });

  it('PL7 user settings must be an array', () => {
    expect(userSettingsError('{"name": "a"}')).toBe('Invalid User Settings: JSON string must be an array');
  });

  it('PL8 every setting needs a string name and label', () => {
    expect(userSettingsError([{ label: 'A' }])).toBe('Invalid User Settings: setting 1: "name" is missing');
    expect(
      userSettingsError([
        { name: 'a', label: 'A' },
        { name: 'b', label: 3 },
      ]),
    ).toBe('Invalid User Settings: setting 2: "label" is not a string');
    expect(userSettingsError([{ name: 'a', label: 'A', type: 4 }])).toBe(
      'Invalid User Settings: setting 1: "type" is not a string',
    );
  });

  it('PL9 a setting type is text, password, number, email or enum', () => {
    expect(userSettingsError([{ name: 'a', label: 'A', type: 'color' }])).toBe(
      'Invalid User Settings: setting 1: "type" must be "text", "password", "number", "email" or "enum"',
    );
    expect(userSettingsError([{ name: 'a', label: 'A', type: 'email' }])).toBeNull();
  });

  it('PL10 a generation-1 file with JSON-text fields imports with every field kept', () => {
    const plugin = install(JSON.stringify(gen1File));
    expect(plugin).toMatchObject({
      id: gen1File.uuid,
      uuid: gen1File.uuid,
      title: 'Weather',
      enabled: true,
      installed: true,
    });
    expect(plugin.userSettings.map((s) => s.type)).toEqual(['enum', 'password']);
    expect((plugin as Record<string, unknown>).permissions).toEqual(['read_user_message']);
    expect(pluginFunctionsOf(plugin).map((fn) => fn.name)).toEqual(['get_weather']);
  });

  it('PL11 a generation-2 file imports every function, MCP ones kept with their server config', () => {
    const plugin = install(JSON.stringify(gen2File));
    const fns = pluginFunctionsOf(plugin);
    expect(fns.map((fn) => [fn.name, fn.implementationType])).toEqual([
      ['lookup_user', 'http'],
      ['make_card', 'javascript'],
      ['remote_files', 'mcp'],
    ]);
    expect(fns[0]?.httpAction).toMatchObject({ url: 'https://api.example.com/users?email={email}' });
    expect(fns[2]?.serverConfig).toEqual(gen2File.pluginFunctions[2]?.serverConfig);
  });

  it('PL12 files that are not JSON objects, too large, or with too much code are refused', () => {
    expect(readPluginFile('{"title": ', [])).toEqual({ ok: false, error: 'The file is not valid JSON.' });
    expect(readPluginFile('[1]', [])).toEqual({
      ok: false,
      error: 'A plugin file holds one JSON object.',
    });
    expect(readPluginFile(' '.repeat(1_000_001), [])).toEqual({
      ok: false,
      error: 'The file is larger than 1 MB.',
    });
    expect(errorOf({ ...gen1File, code: 'x'.repeat(200_001) })).toBe(
      'The code of "get_weather" is longer than 200 k characters.',
    );
  });

  it('PL13 a file with the uuid of an installed plugin replaces it, keeping its id and switch', () => {
    const first = install(JSON.stringify(gen1File));
    const off = parsePlugin({ ...first, enabled: false });
    const again = install(JSON.stringify({ ...gen1File, title: 'Weather 2' }), [off]);
    expect(again).toMatchObject({ id: first.id, title: 'Weather 2', enabled: false });
    expect(again.createdAt).toBe(first.createdAt);
  });

  it('PL14 a repository pair (plugin.json + implementation.js) imports as one plugin', () => {
    const { code, ...meta } = gen1File;
    const result = readRepositoryPlugin(JSON.stringify(meta), code, []);
    expect(result.ok && result.record.code).toBe(code);
  });

  it('PL15 an import failure says the spec sentence and the reason', () => {
    expect(pluginImportError('Plugin name is required')).toBe(
      'Unable to import plugin. Please try again. Plugin name is required',
    );
  });

  it('PL16 a new plugin keeps the file id unless another plugin holds it', () => {
    const noUuid = { ...gen1File, uuid: undefined };
    const first = install(JSON.stringify(noUuid));
    expect(first.id).toBe('get_weather');
    const renamed = {
      ...noUuid,
      id: 'get_weather',
      uuid: 'u2',
      openaiSpec: { name: 'w2', description: 'd' },
    };
    expect(install(JSON.stringify(renamed), [first]).id).toBe('u2');
  });

  it('PL17 an export gives back the file as it came, without app-only fields', () => {
    const plugin = install(JSON.stringify(gen2File));
    const file = pluginFileOf(plugin);
    expect(file).not.toHaveProperty('enabled');
    expect(file).not.toHaveProperty('schemaVersion');
    expect(file).not.toHaveProperty('syncedAt');
    expect(file).not.toHaveProperty('openaiSpec');
    expect(file.pluginFunctions).toHaveLength(3);
    expect(file.iconURL).toBe(gen2File.iconURL);
    const back = install(JSON.stringify(file), []);
    expect(pluginFunctionsOf(back)).toEqual(pluginFunctionsOf(plugin));
  });
});
