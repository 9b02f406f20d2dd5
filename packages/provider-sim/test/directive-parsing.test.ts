import { describe, expect, it } from 'vitest';
import { DirectiveError, parseDirectives } from '../src/directives';
import { buildReplyPlan } from '../src/reply-plan';
import type { ChatRequest } from '../src/reply-plan';
import { argumentPieces, wordDeltas } from '../src/text-pieces';

describe('parseDirectives', () => {
  it('finds several directives and strips them from the echoed text', () => {
    const parsed = parseDirectives('Hi [[sim:slow 5]] there [[sim:reasoning Think]]!');
    expect(parsed.directives).toEqual([
      { name: 'slow', tokensPerSecond: 5 },
      { name: 'reasoning', text: 'Think' },
    ]);
    expect(parsed.plainText).toBe('Hi there !');
  });

  it('keeps brackets and quotes of JSON arguments inside one directive', () => {
    const parsed = parseDirectives('[[sim:tool f {"list":[[1]],"s":"a]]b"}]] after');
    expect(parsed.directives).toEqual([{ name: 'tool', toolName: 'f', args: { list: [[1]], s: 'a]]b' } }]);
    expect(parsed.plainText).toBe('after');
  });

  it('reply text may hold apostrophes, quotes and [links]', () => {
    const parsed = parseDirectives(`[[sim:reply It's "fine", see [docs]]]`);
    expect(parsed.directives).toEqual([{ name: 'reply', text: `It's "fine", see [docs]` }]);
  });

  it('reads replay paths with #N and split', () => {
    expect(parseDirectives('[[sim:replay a/b.sse.txt#2 split]]').directives).toEqual([
      { name: 'replay', file: 'a/b.sse.txt', part: 2, split: true },
    ]);
  });

  it.each(['[[sim:bogus]]', '[[sim:error abc]]', '[[sim:tool f {bad}]]', '[[sim:slow 0]]', '[[sim:reply x'])(
    'rejects %s',
    (text) => {
      expect(() => parseDirectives(text)).toThrow(DirectiveError);
    },
  );
});

describe('reply pieces', () => {
  it('word deltas join back to the exact text', () => {
    const text = 'Line one\n\n  indented  words\tand tabs ';
    expect(wordDeltas(text).join('')).toBe(text);
  });

  it('tool arguments split into several pieces that join back', () => {
    const json = JSON.stringify({ city: 'Paris', note: 'a "quoted" \\ value' });
    const pieces = argumentPieces(json, 42);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(json);
  });
});

describe('buildReplyPlan', () => {
  const request = (lastUserText: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
    flavour: 'openai',
    model: 'm',
    stream: true,
    lastUserText,
    toolResultText: null,
    requestChars: lastUserText.length,
    toolNames: [],
    includeUsage: false,
    maxTokens: null,
    sse: true,
    ...extra,
  });

  it('estimates prompt tokens as request characters / 4', () => {
    const plan = buildReplyPlan(request('x', { requestChars: 400 }));
    expect(plan.kind === 'reply' && plan.reply.promptTokens).toBe(100);
  });

  it('ignores content directives when answering a tool result, so the tool loop ends', () => {
    const plan = buildReplyPlan(request('[[sim:tool f]] [[sim:error 500]]', { toolResultText: '42' }));
    expect(plan.kind).toBe('reply');
    expect(plan.kind === 'reply' && plan.reply.textDeltas.join('')).toBe('Tool result received: 42');
  });

  it('text directives and a tool call combine: text first, then the call', () => {
    const plan = buildReplyPlan(request('[[sim:reply Checking.]] [[sim:tool f {"a":1}]]'));
    expect(plan.kind === 'reply' && plan.reply.textDeltas.join('')).toBe('Checking.');
    expect(plan.kind === 'reply' && plan.reply.toolCalls.map((c) => c.argumentsJson)).toEqual(['{"a":1}']);
  });
});
