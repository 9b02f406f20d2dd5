import { describe, expect, it } from 'vitest';
import { readHostConfig, WELCOME_TEXT_MAX } from '../../src/host-config';

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

  it('reads a welcome text, trimmed, and names the field when it is empty, too long or not text', () => {
    expect(readHostConfig('{"welcomeText":"  Ask me about our handbook.\\nBe kind.  "}')).toEqual({
      ok: true,
      config: { welcomeText: 'Ask me about our handbook.\nBe kind.' },
    });
    expect(readHostConfig('{"welcomeText":"   "}')).toEqual({
      ok: false,
      problems: ['welcomeText: must not be empty (leave the field out for the default)'],
    });
    expect(readHostConfig(JSON.stringify({ welcomeText: 'x'.repeat(WELCOME_TEXT_MAX + 1) }))).toEqual({
      ok: false,
      problems: [`welcomeText: must be at most ${WELCOME_TEXT_MAX} characters`],
    });
    expect(readHostConfig('{"welcomeText":["Hi"]}')).toEqual({
      ok: false,
      problems: ['welcomeText: must be a string'],
    });
  });

  it('says when the file is not JSON', () => {
    const reading = readHostConfig('{"flags": {');
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems[0]).toMatch(/^The file is not valid JSON: /);
  });
});
