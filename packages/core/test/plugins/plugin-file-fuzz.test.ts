import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Plugin } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { pluginFromRecord, readPluginFile } from '../../src/plugins';
import { gen1File, gen2File } from './plugin-fixtures';

/**
 * PL18: broken plugin files made from valid ones (a field removed, a wrong type, huge code, a
 * duplicate name, JSON text that does not parse) are each refused with a clear message, and the
 * installed plugins are left as they were.
 */

type Obj = Record<string, unknown>;
type Breaker = (file: Obj) => Obj;

const wrongValues = [42, true, null, [], 'text', { nested: 1 }] as const;

function fnsOf(file: Obj): Obj[] {
  return (file.pluginFunctions as Obj[]).map((fn) => ({ ...fn }));
}

const gen1Breakers: Breaker[] = [
  ...['title', 'openaiSpec', 'code'].map((field): Breaker => (f) => ({ ...f, [field]: undefined })),
  ...wrongValues.map((v): Breaker => (f) => ({ ...f, title: typeof v === 'string' ? '' : v })),
  ...wrongValues.map((v): Breaker => (f) => ({ ...f, openaiSpec: typeof v === 'string' ? '{' : v })),
  ...wrongValues.map((v): Breaker => (f) => ({
    ...f,
    userSettings: typeof v === 'string' ? '[{' : v === null || Array.isArray(v) ? '"x"' : v,
  })),
  (f) => ({ ...f, userSettings: [{ label: 'No name' }] }),
  (f) => ({ ...f, userSettings: [{ name: 'n', label: 7 }] }),
  (f) => ({ ...f, userSettings: [{ name: 'n', label: 'L', type: 'colour' }] }),
  (f) => ({ ...f, openaiSpec: { name: 'get_weather', description: '' } }),
  (f) => ({ ...f, openaiSpec: { name: 'has space', description: 'd' } }),
  (f) => ({ ...f, openaiSpec: { name: 'get_weather', description: 'd', parameters: [] } }),
  (f) => ({ ...f, code: 'x'.repeat(250_000) }),
  (f) => ({ ...f, code: 17 }),
  (f) => ({ ...f, implementationType: 'python' }),
  (f) => ({ ...f, implementationType: 'http', httpAction: '{not json' }),
  (f) => ({ ...f, implementationType: 'http', httpAction: { method: 'GET' } }),
  (f) => ({ ...f, outputType: 'render_pdf' }),
];

const gen2Breakers: Breaker[] = [
  (f) => ({ ...f, pluginFunctions: [] }),
  (f) => ({ ...f, pluginFunctions: [1, 2] }),
  (f) => ({ ...f, pluginFunctions: Array.from({ length: 51 }, () => fnsOf(f)[1]) }),
  (f) => ({ ...f, pluginFunctions: [...fnsOf(f), fnsOf(f)[0]] }),
  (f) => ({ ...f, pluginFunctions: fnsOf(f).map((fn) => ({ ...fn, openaiSpec: '{"name":' })) }),
  (f) => ({
    ...f,
    pluginFunctions: fnsOf(f).map((fn) => ({ ...fn, openaiSpec: undefined, name: undefined })),
  }),
  (f) => ({ ...f, pluginFunctions: fnsOf(f).map((fn) => ({ ...fn, serverConfig: '{' })) }),
  (f) => ({
    ...f,
    pluginFunctions: fnsOf(f).map((fn, i) => (i === 2 ? { ...fn, serverConfig: undefined } : fn)),
  }),
  (f) => ({
    ...f,
    pluginFunctions: fnsOf(f).map((fn, i) => (i === 1 ? { ...fn, code: 'y'.repeat(300_000) } : fn)),
  }),
  (f) => ({ ...f, title: undefined }),
  (f) => ({ ...f, userSettings: '{"name": "token"}' }),
];

const clock = new FakeClock('2026-11-25T10:00:00.000Z');
const installedOne = (() => {
  const read = readPluginFile(JSON.stringify({ ...gen1File, uuid: 'installed', id: 'installed' }), []);
  if (!read.ok) throw new Error(read.error);
  return pluginFromRecord(read.record, undefined, {
    clock,
    ids: new SequentialIdGenerator('i'),
    installed: [],
    enable: true,
  });
})();

function assertRefusedCleanly(file: Obj, installed: Plugin[]): void {
  const before = structuredClone(installed);
  const result = readPluginFile(JSON.stringify(file), installed);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.length).toBeGreaterThan(10);
  expect(result.error).not.toMatch(/undefined|\[object|NaN/);
  expect(installed).toEqual(before);
}

describe('plugin files: bad input', () => {
  it('PL18 there are at least 30 kinds of broken file', () => {
    expect(gen1Breakers.length + gen2Breakers.length).toBeGreaterThanOrEqual(30);
  });

  it('PL18 every broken generation-1 file is refused with a clear message; nothing changes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...gen1Breakers), fc.boolean(), (breaker, withInstalled) => {
        // A fresh uuid so the installed plugin is not the one being replaced; its name clashes.
        const file = breaker({ ...gen1File, uuid: 'fresh', id: 'fresh' });
        assertRefusedCleanly(file, withInstalled ? [] : [installedOne]);
      }),
      { numRuns: 200 },
    );
  });

  it('PL18 every broken generation-2 file is refused with a clear message; nothing changes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...gen2Breakers), (breaker) => {
        assertRefusedCleanly(breaker({ ...gen2File }), [installedOne]);
      }),
      { numRuns: 100 },
    );
  });

  it('PL18 a valid file whose function name is taken by an installed plugin is refused', () => {
    assertRefusedCleanly({ ...gen1File, uuid: 'fresh', id: 'fresh' }, [installedOne]);
  });

  it('PL18 random JSON values are refused or read, never thrown', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = readPluginFile(JSON.stringify(value) ?? 'null', [installedOne]);
        if (!result.ok) expect(result.error).not.toMatch(/undefined|\[object/);
      }),
      { numRuns: 300 },
    );
  });
});
