import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from '../../src/providers/think-tags';
import { assemble, summary } from './stream-helpers';

/** SPEC.md ST27–ST30, each fed whole and split at seeded random byte boundaries. */

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const named = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Every way of cutting `body` into reads (seeded) gives the same assembly as the whole body. */
async function sameAtEveryCut(body: string, format: 'openai' | 'claude' | 'gemini', provider?: 'custom') {
  const whole = summary(await assemble(body, format, [], provider));
  const length = new TextEncoder().encode(body).length;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 40 }), async (cuts) => {
      expect(summary(await assemble(body, format, cuts, provider))).toEqual(whole);
    }),
    { numRuns: 60, seed: 27 },
  );
  return whole;
}

describe('ST27 an error frame in an OpenAI-compatible stream ends the answer as that error', () => {
  it('ST27 `event: error` with plain-text data after partial text, even with [DONE] after it', async () => {
    const body =
      chunk({ content: 'Half an ' }) +
      chunk({ content: 'answer' }) +
      'event: error\ndata: upstream model crashed\n\n' +
      'data: [DONE]\n\n';
    const s = await sameAtEveryCut(body, 'openai', 'custom');
    expect(s).toMatchObject({
      text: 'Half an answer',
      finish: null,
      error: { code: 'provider_error', message: 'upstream model crashed' },
    });
  });

  it('ST27 an `error:` field line with JSON, and one with plain text', async () => {
    const json =
      chunk({ content: 'Some text' }) + 'error: {"error":{"message":"too many requests","code":429}}\n\n';
    expect(await sameAtEveryCut(json, 'openai', 'custom')).toMatchObject({
      text: 'Some text',
      finish: null,
      error: { code: 'rate_limited', message: 'too many requests' },
    });
    const plain = chunk({ content: 'Some text' }) + 'error: connection to the model lost\n\ndata: [DONE]\n\n';
    expect(await sameAtEveryCut(plain, 'openai', 'custom')).toMatchObject({
      text: 'Some text',
      error: { message: 'connection to the model lost' },
    });
  });

  it('ST27 finish_reason "error" without an error object ends as a server error, not a finish', async () => {
    const body =
      chunk({ content: 'Cut ' }) +
      chunk({ content: 'here' }) +
      chunk({ content: '' }, 'error') +
      'data: [DONE]\n\n';
    expect(await sameAtEveryCut(body, 'openai', 'custom')).toMatchObject({
      text: 'Cut here',
      finish: null,
      error: { code: 'server_error' },
    });
  });

  it('ST27 `data: {"error":…}` and vLLM\'s `object: "error"` after text', async () => {
    const llama =
      chunk({ content: 'Part' }) + 'data: {"error":{"code":500,"message":"boom","type":"server_error"}}\n\n';
    expect(await sameAtEveryCut(llama, 'openai', 'custom')).toMatchObject({
      text: 'Part',
      error: { code: 'server_error', message: 'boom' },
    });
    const vllm =
      chunk({ content: 'Part' }) +
      'data: {"object":"error","message":"engine dead","type":"InternalServerError","code":500}\n\n';
    expect(await sameAtEveryCut(vllm, 'openai', 'custom')).toMatchObject({
      text: 'Part',
      error: { code: 'server_error', message: 'engine dead' },
    });
  });
});

describe('ST28 gpt-oss harmony tags in plain content', () => {
  function split(chunks: readonly string[]) {
    const out = { text: '', reasoning: '' };
    const splitter = new ThinkTagSplitter(
      (t) => (out.text += t),
      (t) => (out.reasoning += t),
    );
    for (const piece of chunks) splitter.push(piece);
    splitter.flush();
    return out;
  }
  const cutAt = (whole: string, cuts: number[]) => {
    const points = [...new Set(cuts)].sort((a, b) => a - b);
    return [0, ...points].map((start, i) => whole.slice(start, points[i] ?? whole.length));
  };

  const whole =
    '<|channel|>analysis<|message|>Need a < b and x|y.<|end|>' +
    '<|start|>assistant<|channel|>commentary to=functions.lookup <|constrain|>json<|message|>{"q":1}<|call|>' +
    '<|start|>assistant<|channel|>final<|message|>Answer: a < b.<|return|>';

  it('ST28 analysis and commentary are reasoning, final is the answer, split anywhere', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: whole.length - 1 }), { maxLength: 30 }), (cuts) => {
        expect(split(cutAt(whole, cuts))).toEqual({
          reasoning: 'Need a < b and x|y.{"q":1}',
          text: 'Answer: a < b.',
        });
      }),
      { numRuns: 500, seed: 28 },
    );
  });

  it('ST28 one character per delta, and a leading <|start|>assistant', () => {
    expect(split([...`<|start|>assistant${whole}`])).toEqual({
      reasoning: 'Need a < b and x|y.{"q":1}',
      text: 'Answer: a < b.',
    });
  });

  it('ST28 a stream that stops inside the analysis keeps it as reasoning; a final without end tag is text', () => {
    expect(split(['<|channel|>analysis<|message|>thinking <|e'])).toEqual({
      reasoning: 'thinking <|e',
      text: '',
    });
    expect(split(['<|channel|>final<|message|>just this'])).toEqual({ reasoning: '', text: 'just this' });
  });

  it('ST28 a message without its end tag before the next channel ends at that channel', () => {
    expect(split(['<|channel|>analysis<|message|>plan<|channel|>final<|message|>done'])).toEqual({
      reasoning: 'plan',
      text: 'done',
    });
  });

  it('ST28 harmony-looking text later in an answer is text', () => {
    expect(split(['Use ', '<|channel|>', ' tags'])).toEqual({ reasoning: '', text: 'Use <|channel|> tags' });
  });

  it('ST28 through the OpenAI decoder, split at random byte boundaries', async () => {
    const pieces = [
      '<|chan',
      'nel|>analysis<|message|>Think',
      'ing.<|end|><|start|>assistant<|channel|>fi',
      'nal<|message|>Done.',
    ];
    const body =
      pieces.map((content) => chunk({ content })).join('') + chunk({}, 'stop') + 'data: [DONE]\n\n';
    expect(await sameAtEveryCut(body, 'openai', 'custom')).toMatchObject({
      reasoning: 'Thinking.',
      text: 'Done.',
      finish: 'stop',
    });
  });
});

describe('ST29 a second message_start in one Anthropic stream', () => {
  const start = (id?: string) =>
    named('message_start', {
      type: 'message_start',
      message: { ...(id ? { id } : {}), usage: { input_tokens: 5, output_tokens: 1 } },
    });
  const text = (t: string) =>
    named('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }) +
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: t },
    });
  const toolThenStop =
    named('content_block_start', {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_2', name: 'f', input: {} },
    }) +
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"a":1}' },
    }) +
    named('content_block_stop', { type: 'content_block_stop', index: 1 }) +
    named('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use' },
      usage: { output_tokens: 9 },
    }) +
    named('message_stop', { type: 'message_stop' });

  it('ST29 after content began: the text stays, the answer ends with an error, no tool call is kept', async () => {
    const s = await sameAtEveryCut(start('msg_1') + text('Hello') + start('msg_2') + toolThenStop, 'claude');
    expect(s).toMatchObject({
      text: 'Hello',
      finish: null,
      toolCalls: [],
      error: { code: 'stream_interrupted' },
    });
  });

  it('ST29 another message id before any content is also a broken stream', async () => {
    const s = await sameAtEveryCut(start('msg_1') + start('msg_2') + text('Hi') + toolThenStop, 'claude');
    expect(s).toMatchObject({ text: '', error: { code: 'stream_interrupted' } });
  });

  it('ST29 the same message repeated before any content is harmless (ST16)', async () => {
    const s = await sameAtEveryCut(start('msg_1') + start('msg_1') + text('Hi') + toolThenStop, 'claude');
    expect(s).toMatchObject({ text: 'Hi', finish: 'tool_calls', error: null });
  });
});

describe('ST30 a Gemini prompt blocked by safety', () => {
  const blocked = (feedback: Record<string, unknown>) =>
    `data: ${JSON.stringify({
      promptFeedback: feedback,
      usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
    })}\r\n\r\n`;

  it('ST30 without a message: the reason is named and the usage kept', async () => {
    const s = await sameAtEveryCut(blocked({ blockReason: 'SAFETY' }), 'gemini');
    expect(s).toMatchObject({
      text: '',
      finish: null,
      usage: { promptTokens: 7, completionTokens: 0, totalTokens: 7 },
      error: { code: 'content_filter', message: 'The prompt was blocked (SAFETY)' },
    });
  });

  it('ST30 with blockReasonMessage: the message follows the reason', async () => {
    const s = await sameAtEveryCut(
      blocked({ blockReason: 'BLOCKLIST', blockReasonMessage: 'The prompt contains blocked terms.' }),
      'gemini',
    );
    expect(s.error).toEqual({
      code: 'content_filter',
      message: 'The prompt was blocked (BLOCKLIST): The prompt contains blocked terms.',
    });
  });
});
