import { describe, expect, it } from 'vitest';
import { readHostConfig } from '../../src/host-config';

describe('readHostConfig (parley.config.json)', () => {
  it('reads flags, and an empty object is a valid config', () => {
    expect(readHostConfig('{"flags":{"promptLibrary":false,"commandK":true}}')).toEqual({
      ok: true,
      config: { flags: { promptLibrary: false, commandK: true } },
    });
    expect(readHostConfig('{}')).toEqual({ ok: true, config: {} });
  });

  it('names the field and the problem', () => {
    expect(readHostConfig('{"flags":{"promptLibrary":"no"}}')).toEqual({
      ok: false,
      problems: ['flags.promptLibrary: must be true or false'],
    });
    expect(readHostConfig('{"flags":{"promptLibary":false}}')).toEqual({
      ok: false,
      problems: ['flags.promptLibary: not a known flag'],
    });
    expect(readHostConfig('{"theme":"dark"}')).toEqual({ ok: false, problems: ['theme: not a known field'] });
    expect(readHostConfig('{"flags":[]}')).toEqual({ ok: false, problems: ['flags: must be an object'] });
    expect(readHostConfig('[]')).toEqual({ ok: false, problems: ['the file: must be an object'] });
  });

  it('says when the file is not JSON', () => {
    const reading = readHostConfig('{"flags": {');
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems[0]).toMatch(/^The file is not valid JSON: /);
  });
});
