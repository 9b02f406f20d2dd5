import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { buildKeywordsRequest, parseKeywords, wantsKeywords } from '../../src/chat/keywords-request';
import {
  buildTitleRequest,
  cleanTitle,
  hasPlaceholderTitle,
  provisionalTitle,
  wantsAutomaticTitle,
  withProvisionalTitle,
} from '../../src/chat/title-request';
import { DEFAULT_CHAT_TITLE } from '../../src/entities/defaults';
import { chatWith, message, testDeps } from '../../src/chat/test-chats';

const access = { apiKey: 'sk-x', endpoint: 'http://sim/v1' };

describe('automatic title', () => {
  it('TT1 after an answer, when on, while the title is the default or the provisional one; retried later', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', 'q', deps), message('assistant', 'a', deps)], deps);
    expect(wantsAutomaticTitle(chat, true)).toBe(true);
    expect(wantsAutomaticTitle(chat, false)).toBe(false);
    expect(wantsAutomaticTitle({ ...chat, chatTitle: 'Mine' }, true)).toBe(false);
    // The first answer's title call failed or never ran: the next answer tries again.
    const second = chatWith(
      [...chat.messages, message('user', 'q2', deps), message('assistant', 'a2', deps)],
      deps,
    );
    expect(wantsAutomaticTitle(second, true)).toBe(true);
    expect(wantsAutomaticTitle({ ...second, chatTitle: 'q' }, true)).toBe(true);
    // Only failed answers so far: nothing to title from.
    const failed = chatWith(
      [message('user', 'q', deps), message('assistant', '', deps, { error: { code: 'x', message: 'y' } })],
      deps,
    );
    expect(wantsAutomaticTitle(failed, true)).toBe(false);
  });

  it('TT5 a chat is named after its first question until the title call works', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', '\n  How do   tides work?\nMore detail', deps)], deps);
    expect(provisionalTitle(chat)).toBe('How do tides work?');
    const named = withProvisionalTitle(chat, true);
    expect(named.chatTitle).toBe('How do tides work?');
    expect(hasPlaceholderTitle(named)).toBe(true);
    // Off, a chosen title, or no question: unchanged.
    expect(withProvisionalTitle(chat, false).chatTitle).toBe(DEFAULT_CHAT_TITLE);
    expect(withProvisionalTitle({ ...chat, chatTitle: 'Mine' }, true).chatTitle).toBe('Mine');
    expect(withProvisionalTitle(chatWith([], deps), true).chatTitle).toBe(DEFAULT_CHAT_TITLE);
    expect(hasPlaceholderTitle({ ...chat, chatTitle: 'Mine' })).toBe(false);
    const long = provisionalTitle(chatWith([message('user', 'word '.repeat(30), deps)], deps));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('word')).toBe(true);
  });

  it('TT1 the request goes to the fast cheap model of the same provider, without streaming', () => {
    const deps = testDeps();
    const chat = chatWith(
      [message('user', 'How do tides work?', deps), message('assistant', 'The moon pulls.', deps)],
      deps,
    );
    const opus = findModel('claude-3-opus') as ModelDescriptor;
    const built = buildTitleRequest(chat, opus, access);
    expect(built?.model.id).toBe('claude-haiku-4-5');
    expect(built?.request.settings.stream).toBe(false);
    expect(built?.request.apiKey).toBe('sk-x');
    const userTurn = built?.request.messages.at(-1)?.content;
    expect(userTurn).toContain('How do tides work?');
    expect(userTurn).toContain('The moon pulls.');
  });

  it('TT1 SC7 an agent’s welcome message is never sent with the title request, nor counts as an answer', () => {
    const deps = testDeps();
    const welcome = message('assistant', 'Bonjour! What shall we cook?', deps, {
      type: 'character-welcome-message',
    });
    const justWelcome = chatWith([welcome, message('user', 'Pasta tonight?', deps)], deps);
    expect(wantsAutomaticTitle(justWelcome, true)).toBe(false);
    const answered = chatWith(
      [welcome, message('user', 'Pasta tonight?', deps), message('assistant', 'Carbonara it is.', deps)],
      deps,
    );
    const built = buildTitleRequest(answered, findModel('gpt-5.1') as ModelDescriptor, access);
    const sent = JSON.stringify(built?.request.messages);
    expect(sent).toContain('Carbonara it is.');
    expect(sent).not.toContain('Bonjour');
  });

  it('TT2 cleans the reply to one short line', () => {
    expect(cleanTitle('Title: "Tides and the Moon."\nextra')).toBe('Tides and the Moon');
    expect(cleanTitle('\n\n**Planning a Trip to Kyoto**')).toBe('Planning a Trip to Kyoto');
    expect(cleanTitle('# Heading style')).toBe('Heading style');
    expect(cleanTitle('   ')).toBe('');
    const long = cleanTitle('word '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('word')).toBe(true);
  });
});

describe('keywords', () => {
  it('TT4 only for answers over 500 characters, when on', () => {
    expect(wantsKeywords('x'.repeat(501), true)).toBe(true);
    expect(wantsKeywords('x'.repeat(500), true)).toBe(false);
    expect(wantsKeywords('x'.repeat(900), false)).toBe(false);
  });

  it('TT4 the request uses the fast model', () => {
    const built = buildKeywordsRequest('long text', findModel('gpt-4') as ModelDescriptor, access);
    expect(built.model.id).toBe('gpt-4.1-mini');
    expect(built.request.messages.at(-1)?.content).toBe('long text');
  });

  it('TT4 reads JSON arrays, lines or commas; cleans, dedupes and keeps at most 5', () => {
    expect(parseKeywords('Here you go: ["Tides", "moon phases", "tides"]')).toEqual(['Tides', 'moon phases']);
    expect(parseKeywords('1. Gravity\n2. "Spring tides"\n- Neap tides.')).toEqual([
      'Gravity',
      'Spring tides',
      'Neap tides',
    ]);
    expect(parseKeywords('a, b, c, d, e, f, g')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseKeywords(`["${'x'.repeat(41)}", "ok"]`)).toEqual(['ok']);
    expect(parseKeywords('Here are some keywords:\n- Tides\n| a | b |\n## Moon')).toEqual(['Tides', 'Moon']);
  });
});
