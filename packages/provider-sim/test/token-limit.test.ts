import { describe, expect, it } from 'vitest';
import type { ToolCallPlan } from '../src/reply-plan';
import { limitAnswer, readTokenLimit } from '../src/token-limit';
import { anthropicMessages, geminiGenerate, jsonEvents, openaiChat, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = (pieces: string[]): ToolCallPlan => ({
  name: 'f',
  argumentsJson: pieces.join(''),
  argumentPieces: pieces,
  complete: true,
});

describe('limitAnswer', () => {
  const answer = {
    reasoningDeltas: ['Hmm', ' ok'],
    textDeltas: ['A', ' B', ' C'],
    toolCalls: [call(['{"a"', ':1}']), call(['{', '}'])],
  };

  it('leaves an answer that fits (or has no limit) untouched', () => {
    expect(limitAnswer(answer, null)).toEqual({ answer, cut: false });
    expect(limitAnswer(answer, 11)).toEqual({ answer, cut: false });
  });

  it('spends the budget on reasoning, then text, then each call (opening + pieces)', () => {
    expect(limitAnswer(answer, 1).answer).toEqual({
      reasoningDeltas: ['Hmm'],
      textDeltas: [],
      toolCalls: [],
    });
    expect(limitAnswer(answer, 4).answer.textDeltas).toEqual(['A', ' B']);
    const inFirstCall = limitAnswer(answer, 7);
    expect(inFirstCall.cut).toBe(true);
    expect(inFirstCall.answer.toolCalls).toEqual([
      { name: 'f', argumentsJson: '{"a"', argumentPieces: ['{"a"'], complete: false },
    ]);
    // One token past the first call: the second is opened (id and name) with no argument yet.
    const openingOnly = limitAnswer(answer, 9).answer.toolCalls;
    expect(openingOnly.map((c) => c.complete)).toEqual([true, false]);
    expect(openingOnly[1]).toMatchObject({ argumentsJson: '', argumentPieces: [] });
    expect(limitAnswer(answer, 8).answer.toolCalls).toEqual([answer.toolCalls[0]]);
  });

  it('honours only positive integers as limits', () => {
    expect(readTokenLimit(256)).toBe(256);
    for (const value of [0, -5, 1.5, '256', null, undefined]) expect(readTokenLimit(value)).toBeNull();
  });
});

describe('what the limit leaves alone', () => {
  it('a refusal keeps its full text and its own finish, whatever the limit', async () => {
    const openai = jsonEvents(
      await readSse(await openaiChat(sim(), '[[sim:refusal]]', { max_tokens: 1 })),
    ) as Json[];
    const refusal = openai.map((c) => c.choices[0]?.delta.refusal ?? '').join('');
    expect(refusal).toBe("I'm sorry, but I can't help with that request.");
    expect(openai.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('stop');
    const anthropic = (await (
      await anthropicMessages(sim(), '[[sim:refusal]]', { max_tokens: 1, stream: false })
    ).json()) as Json;
    expect(anthropic.stop_reason).toBe('refusal');
    const gemini = (await (
      await geminiGenerate(sim(), '[[sim:refusal]]', {
        stream: false,
        extra: { generationConfig: { maxOutputTokens: 1 } },
      })
    ).json()) as Json;
    expect(gemini.candidates[0].finishReason).toBe('SAFETY');
  });

  it('an error directive still answers with its status', async () => {
    const response = await openaiChat(sim(), '[[sim:error 429]]', { max_tokens: 1 });
    expect(response.status).toBe(429);
  });

  it('the same cut request gives the same bytes', async () => {
    const text = '[[sim:reasoning]] [[sim:long 40]] [[sim:tools 2]]';
    const bytes = () => anthropicMessages(sim(), text, { max_tokens: 30 }).then((r) => r.text());
    const first = await bytes();
    expect(first).toContain('"stop_reason":"max_tokens"');
    expect(await bytes()).toBe(first);
  });
});
