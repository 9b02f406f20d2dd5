import { describe, expect, it } from 'vitest';
import { EXTENSIONS_MAX, readHostConfig, WELCOME_TEXT_MAX } from '../../src/host-config';

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

  it('reads the host defaults: sync server, default model, models first, providers offered', () => {
    const file = {
      defaultSyncServer: 'https://sync.example.org/parley',
      defaultModel: 'gpt-5-mini',
      modelsFirst: ['gpt-5-mini', ' gpt-5 '],
      providers: ['openai', 'gemini'],
    };
    expect(readHostConfig(JSON.stringify(file))).toEqual({
      ok: true,
      config: { ...file, modelsFirst: ['gpt-5-mini', 'gpt-5'] },
    });
  });

  it('names each malformed host default', () => {
    const reading = readHostConfig(
      JSON.stringify({
        defaultSyncServer: 'ftp://sync.example.org',
        defaultModel: '',
        modelsFirst: 'gpt-5',
        providers: ['openai', 'acme'],
      }),
    );
    expect(reading).toEqual({
      ok: false,
      problems: [
        'defaultSyncServer: must be an http:// or https:// URL',
        'defaultModel: must not be empty',
        'modelsFirst: must be an array',
        'providers.1: must be one of openai, anthropic, gemini, openrouter',
      ],
    });
    expect(readHostConfig('{"providers":[]}')).toEqual({
      ok: false,
      problems: ['providers: must list at least one provider (leave the field out for all)'],
    });
    expect(readHostConfig('{"providers":["openai","openai"]}')).toEqual({
      ok: false,
      problems: ['providers: lists a provider twice'],
    });
  });

  it('refuses a default model whose provider is not offered', () => {
    expect(readHostConfig('{"defaultModel":"gpt-5-mini","providers":["anthropic"]}')).toEqual({
      ok: false,
      problems: ['defaultModel: its provider, openai, is not in providers'],
    });
  });

  it('reads extension scripts: http(s) URLs or paths beside the app, never other schemes', () => {
    const extensions = ['https://cdn.example.org/acme.js', 'extensions/tools.js'];
    expect(readHostConfig(JSON.stringify({ extensions }))).toEqual({ ok: true, config: { extensions } });
    for (const bad of ['javascript:alert(1)', 'data:text/javascript,1', 'blob:https://x/1']) {
      expect(readHostConfig(JSON.stringify({ extensions: [bad] }))).toEqual({
        ok: false,
        problems: ['extensions.0: must be an http:// or https:// URL, or a path beside the app'],
      });
    }
    expect(readHostConfig('{"extensions":["a.js","a.js"]}')).toEqual({
      ok: false,
      problems: ['extensions: lists a script twice'],
    });
    const many = Array.from({ length: EXTENSIONS_MAX + 1 }, (_, index) => `e${index}.js`);
    expect(readHostConfig(JSON.stringify({ extensions: many }))).toEqual({
      ok: false,
      problems: [`extensions: must list at most ${EXTENSIONS_MAX} scripts`],
    });
  });
});
