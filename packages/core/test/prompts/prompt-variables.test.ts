import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fillPromptVariables,
  parsePromptVariables,
  PROMPT_EMPTY_MESSAGE,
  validatePrompt,
} from '../../src/prompts/prompt-variables';

describe('prompt variables', () => {
  it('PV1 free text, defaults and choices, in order of first appearance', () => {
    const parsed = parsePromptVariables(
      'Write a {{tone|formal|friendly}} email to {{recipient}} about {{topic:the launch}}.',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.variables).toEqual([
      { name: 'tone', defaultValue: 'formal', choices: ['formal', 'friendly'] },
      { name: 'recipient', defaultValue: '', choices: [] },
      { name: 'topic', defaultValue: 'the launch', choices: [] },
    ]);
  });

  it('PV2 a name used twice is one field (case-insensitive); the first default wins', () => {
    const parsed = parsePromptVariables('{{Name}} and {{name:Ann}} and {{NAME:Bob}}');
    expect(parsed.variables).toEqual([{ name: 'Name', defaultValue: 'Ann', choices: [] }]);
    expect(fillPromptVariables('{{Name}} and {{name:Ann}}', { name: 'Zoe' })).toBe('Zoe and Zoe');
  });

  it('PV3 malformed variables stay literal and are reported: {{, {{}}, nested, empty choices', () => {
    for (const text of ['Hello {{', 'Hello {{}}', 'A {{ outer {{inner}} }}', '{{x|}}', '{{ |a}}', '{{:x}}']) {
      const parsed = parsePromptVariables(text);
      expect(parsed.problems.length, text).toBeGreaterThan(0);
    }
    expect(parsePromptVariables('A {{ outer {{inner}} }}').variables.map((v) => v.name)).toEqual(['inner']);
    expect(fillPromptVariables('Hello {{', {})).toBe('Hello {{');
    expect(fillPromptVariables('Hello {{}}', {})).toBe('Hello {{}}');
    expect(fillPromptVariables('A {{ outer {{inner}} }}', { inner: 'x' })).toBe('A {{ outer x }}');
  });

  it('PV3 a name over 64 characters or across lines is not a variable', () => {
    expect(parsePromptVariables(`{{${'a'.repeat(65)}}}`).variables).toEqual([]);
    expect(parsePromptVariables('{{two\nlines}}').variables).toEqual([]);
  });

  it('PV4 values fill every mention; missing values take the default; text around is kept', () => {
    const text = 'Dear {{name}}, {{greeting:hello}}! Pick {{size|S|M}}. Bye {{name}}.';
    expect(fillPromptVariables(text, { name: 'Ann' })).toBe('Dear Ann, hello! Pick S. Bye Ann.');
    expect(fillPromptVariables(text, { name: 'Ann', greeting: 'hi', size: 'M' })).toBe(
      'Dear Ann, hi! Pick M. Bye Ann.',
    );
  });

  it('PV4 a value holding braces is inserted as written, never read again', () => {
    expect(fillPromptVariables('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });

  it('PV1/PV4 never throw and keep text without variables unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', 'a', ' ', '|', ':', 'é', '\n') }), (text) => {
        const parsed = parsePromptVariables(text);
        const filled = fillPromptVariables(text, {});
        if (parsed.variables.length === 0 && !/\{\{[^{}]*\}\}/.test(text)) expect(filled).toBe(text);
      }),
      { numRuns: 500, seed: 14 },
    );
  });

  it('PV5 title and prompt are required (the spec message)', () => {
    expect(validatePrompt({ title: ' ', content: 'x' })).toBe(PROMPT_EMPTY_MESSAGE);
    expect(validatePrompt({ title: 'T', content: '' })).toBe('Title and prompt cannot be empty');
    expect(validatePrompt({ title: 'T', content: 'x' })).toBeUndefined();
  });
});
