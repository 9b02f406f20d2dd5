import { describe, expect, it } from 'vitest';
import { planChatRequest } from '../../src/chat/chat-request-builder';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';
import { parseMessage, type Message } from '../../src/entities/message';
import { buildRequest } from '../../src/providers/build-request';
import {
  prepareToolCalls,
  shouldRunToolCalls,
  stepLimitOutcomes,
  STOPPED_TOOL_TEXT,
  TOOL_STEP_LIMIT,
  toolCallsOf,
  toolResultMessages,
  TOOL_RESULT_MAX_CHARS,
  toolsForNextRequest,
  toolTimeoutMessage,
  withFunctionCall,
  type ChatTool,
  type ToolCallOutcome,
} from '../../src/tools';

const weather: ChatTool = {
  definition: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
  origin: { kind: 'plugin', id: 'p-weather', title: 'Weather', emoji: '☀️' },
  outputType: 'respond_to_ai',
};
const prompt = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };
const access = { apiKey: 'sk-test', endpoint: 'http://sim.local/v1' };

function answerWithCalls(deps: ReturnType<typeof testDeps>, parentId: string, ids: string[]): Message {
  return message('assistant', '', deps, {
    parentId,
    tool_calls: ids.map((id) => ({
      id,
      type: 'function' as const,
      function: { name: 'get_weather', arguments: `{"city":"${id}"}` },
    })),
  });
}

function ok(id: string, text: string): ToolCallOutcome {
  return {
    id,
    name: 'get_weather',
    rawArguments: '{}',
    result: { status: 'ok', forModel: text },
    durationMs: 12.4,
    origin: weather.origin,
  };
}

describe('tool loop', () => {
  it('TL1 reads tool_calls, else a legacy function_call, and mirrors a single call as function_call', () => {
    const deps = testDeps();
    const single = answerWithCalls(deps, 'q', ['c1']);
    expect(toolCallsOf(single)).toEqual([{ id: 'c1', name: 'get_weather', arguments: '{"city":"c1"}' }]);
    expect(withFunctionCall(single).function_call).toEqual({
      name: 'get_weather',
      arguments: '{"city":"c1"}',
    });
    expect(withFunctionCall(answerWithCalls(deps, 'q', ['a', 'b'])).function_call).toBeUndefined();
    const legacy = message('assistant', null, deps, { function_call: { name: 'x', arguments: '{}' } });
    expect(toolCallsOf(legacy)).toEqual([{ id: '', name: 'x', arguments: '{}' }]);
  });

  it('TL2 an unknown name or arguments that are not a JSON object get an error and do not run', () => {
    const prepared = prepareToolCalls(
      [
        { id: 'a', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { id: 'b', name: 'nope', arguments: '{}' },
        { id: 'c', name: 'get_weather', arguments: '{"city":' },
        { id: 'd', name: 'get_weather', arguments: '[1]' },
        { id: 'e', name: 'get_weather', arguments: '' },
      ],
      [weather],
    );
    expect(prepared.map((p) => p.kind)).toEqual(['run', 'invalid', 'invalid', 'invalid', 'run']);
    expect(prepared[0]).toMatchObject({ call: { id: 'a', arguments: { city: 'Oslo' } }, tool: weather });
    expect(prepared[1]).toMatchObject({ message: 'Unknown function: nope' });
    expect(prepared[2]).toMatchObject({
      message: 'The arguments of get_weather are not a valid JSON object: {"city":',
    });
    expect(prepared[4]).toMatchObject({ call: { arguments: {} } });
  });

  it('TL3 TL6 TL7 one function message per call, chained under the answer, in the spec shape, parsed back the same', () => {
    const deps = testDeps();
    const answer = answerWithCalls(deps, 'q', ['c1', 'c2']);
    const outcomes: ToolCallOutcome[] = [
      {
        ...ok('c1', 'Sunny'),
        result: { status: 'ok', forModel: 'Sunny', display: { kind: 'html', html: '<b>x</b>' } },
      },
      { ...ok('c2', ''), result: { status: 'error', message: 'boom' } },
    ];
    const [first, second] = toolResultMessages(answer, outcomes, deps) as [Message, Message];
    expect(first).toMatchObject({
      role: 'function',
      parentId: answer.id,
      name: 'get_weather',
      tool_call_id: 'c1',
      type: 'tool-response',
      content: 'Sunny',
      toolRun: { status: 'ok', durationMs: 12, display: { kind: 'html', html: '<b>x</b>' } },
    });
    expect(second).toMatchObject({ parentId: first.id, tool_call_id: 'c2', content: 'Error: boom' });
    expect(parseMessage(JSON.parse(JSON.stringify(first)))).toEqual(first);
  });

  it('TL4 the time-out error names the function and the seconds', () => {
    expect(toolTimeoutMessage('get_weather', 30_000)).toBe('get_weather did not answer within 30 s.');
  });

  it('TL5 after ten steps the request offers no tools, and calls past the limit are answered with an error', () => {
    const deps = testDeps();
    const path: Message[] = [message('user', 'hi', deps)];
    for (let step = 0; step < TOOL_STEP_LIMIT; step += 1) {
      expect(toolsForNextRequest(path, [weather])).toEqual([weather.definition]);
      path.push(answerWithCalls(deps, 'x', [`c${step}`]));
      expect(shouldRunToolCalls(path)).toBe(true);
    }
    expect(toolsForNextRequest(path, [weather])).toBeUndefined();
    path.push(answerWithCalls(deps, 'x', ['late']));
    expect(shouldRunToolCalls(path)).toBe(false);
    const [limited] = stepLimitOutcomes([{ id: 'late', name: 'get_weather', arguments: '{}' }]);
    expect(limited?.result).toEqual({
      status: 'error',
      message: 'The limit of 10 tool steps in one answer was reached.',
    });
    // A new user message starts a new turn with all its steps.
    path.push(message('user', 'again', deps));
    expect(toolsForNextRequest(path, [weather])).toEqual([weather.definition]);
    expect(toolsForNextRequest(path, [])).toBeUndefined();
  });

  it('TL8 a stopped call tells the model it was stopped', () => {
    const deps = testDeps();
    const [stopped] = toolResultMessages(
      { id: 'a' },
      [{ ...ok('c1', ''), result: { status: 'stopped' } }],
      deps,
    );
    expect(stopped).toMatchObject({ content: STOPPED_TOOL_TEXT, toolRun: { status: 'stopped' } });
  });

  it('RQ6 TL6 the next request carries the tools, the calls and each result paired to its call', () => {
    const deps = testDeps();
    const question = message('user', 'Weather in two cities?', deps, { parentId: null });
    const answer = answerWithCalls(deps, question.id, ['call_1', 'call_2']);
    const results = toolResultMessages(answer, [ok('call_1', 'Sunny'), ok('call_2', 'Rain')], deps);
    const leaf = results.at(-1) as Message;
    const chat = chatWith([question, answer, ...results], deps, {
      selectedPath: { leafId: leaf.id, updatedAt: '2024-05-03T12:05:00.000Z' },
    });
    const plan = planChatRequest({
      chat,
      settings: requestSettings(),
      access,
      prompt,
      tools: [weather.definition],
    });
    if (plan.kind !== 'ready') throw new Error('not planned');
    expect(plan.request.tools).toEqual([weather.definition]);
    const body = JSON.parse(buildRequest(plan.request).init.body) as {
      messages: { role: string; tool_call_id?: string; content: string }[];
      tools: unknown[];
    };
    expect(body.tools).toHaveLength(1);
    expect(body.messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Rain' },
    ]);
    const withoutTools = planChatRequest({ chat, settings: requestSettings(), access, prompt });
    expect(withoutTools.kind === 'ready' && 'tools' in withoutTools.request).toBe(false);
  });

  it('TL9 a huge result keeps its head, cut at a word end, says what was cut, and so does its display', () => {
    const deps = testDeps();
    const answer = answerWithCalls(deps, 'q', ['c1', 'c2', 'c3']);
    const huge = 'word '.repeat(10_000_000); // 50,000,000 characters
    const outcomes: ToolCallOutcome[] = [
      {
        ...ok('c1', ''),
        result: { status: 'ok', forModel: huge, display: { kind: 'markdown', markdown: huge } },
      },
      { ...ok('c2', ''), result: { status: 'ok', forModel: 'x', display: { kind: 'html', html: huge } } },
      { ...ok('c3', ''), result: { status: 'error', message: huge } },
    ];
    const [first, second, third] = toolResultMessages(answer, outcomes, deps) as [Message, Message, Message];
    const text = first.content as string;
    expect(text.length).toBeLessThan(TOOL_RESULT_MAX_CHARS + 100);
    expect(text.startsWith('word word')).toBe(true);
    expect(text).toMatch(
      /word\n\[… truncated: the result was 50,000,000 characters; the first 99,99\d are kept\]$/,
    );
    const markdown = first.toolRun?.display;
    expect(markdown?.kind === 'markdown' && markdown.markdown.length).toBeLessThan(1_000_100);
    expect(second.toolRun?.display).toEqual({
      kind: 'markdown',
      markdown: "*The result's page was 50,000,000 characters, too large to keep.*",
    });
    expect((third.content as string).length).toBeLessThan(TOOL_RESULT_MAX_CHARS + 100);
    expect(third.content).toMatch(/^Error: word/);
    // Within the limit, nothing changes; nor does a result its source already cut with its own note.
    const [small] = toolResultMessages(answer, [ok('c1', 'Sunny')], deps) as [Message];
    expect(small.content).toBe('Sunny');
    const alreadyCut = `${'w'.repeat(TOOL_RESULT_MAX_CHARS)}\n[… cut: the result had 5242880 characters; only the first 100000 are given.]`;
    const [mcp] = toolResultMessages(answer, [ok('c1', alreadyCut)], deps) as [Message];
    expect(mcp.content).toBe(alreadyCut);
  });
});
