import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SYSTEM_MESSAGE,
  DETAILED_SYSTEM_PROMPT,
  fillPromptPlaceholders,
} from '../../src/chat/system-prompt';

const context = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };

describe('system prompt', () => {
  it('SM3 the default texts: the short one, and the long one with $$ math and date/time placeholders', () => {
    expect(DEFAULT_SYSTEM_MESSAGE).toBe('You are a helpful AI assistant.');
    expect(DETAILED_SYSTEM_PROMPT).toContain('double dollar signs');
    expect(DETAILED_SYSTEM_PROMPT).toContain('{local_date}');
    expect(DETAILED_SYSTEM_PROMPT).toContain('{local_time}');
  });

  it('SM2 fills date, time and datetime in the given locale and zone', () => {
    expect(fillPromptPlaceholders('Today is {local_date}.', context)).toBe('Today is Friday, 3 May 2024.');
    expect(fillPromptPlaceholders('It is {local_time}.', context)).toBe('It is 12:05.');
    expect(fillPromptPlaceholders('{local_datetime}', context)).toBe('Friday, 3 May 2024 12:05');
    expect(fillPromptPlaceholders('{local_time}', { ...context, timeZone: 'Asia/Tokyo' })).toBe('21:05');
  });

  it('SM2 placeholders match with a space or underscore, any case; other braces stay', () => {
    expect(fillPromptPlaceholders('{Local Date} / { LOCAL_TIME }', context)).toBe(
      'Friday, 3 May 2024 / 12:05',
    );
    expect(fillPromptPlaceholders('keep {name} and {local_weather}', context)).toBe(
      'keep {name} and {local_weather}',
    );
  });

  it('SM2 the long default prompt has no placeholder left once filled', () => {
    expect(fillPromptPlaceholders(DETAILED_SYSTEM_PROMPT, context)).not.toMatch(/\{local/i);
  });

  it('SM2 an unknown time zone falls back to the platform zone instead of failing', () => {
    expect(fillPromptPlaceholders('{local_date}', { ...context, timeZone: 'Nowhere/Atlantis' })).toMatch(
      /2024/,
    );
  });
});
