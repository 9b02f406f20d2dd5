import { expect } from 'vitest';
import type { ChatAssembly } from '../../src/providers/chat-assembly';

/**
 * What each recorded stream added after the first set must assemble to (fixture-replay.test.ts
 * checks every recorded response against its entry here or in its own table).
 */
export const moreExpectations: Record<string, (s: ChatAssembly) => void> = {
  'openai-compatible/azure-prompt-filter-first-chunk-and-filter-offsets.chunks.txt': (s) => {
    // ST3: Azure's prompt_filter_results chunk has no choices; the content_filter_offsets chunk
    // after finish_reason has no delta; the usage chunk comes last.
    expect(s.text).toBe('Hello World');
    expect(s.usage).toEqual({ promptTokens: 15, completionTokens: 5, totalTokens: 20 });
    expect(s.finish).toBe('stop');
  },
  'openai-compatible/deepseek-reasoning-content-then-length-cut.chunks.txt': (s) => {
    // ST6: reasoning_content with content null; cut at max_tokens during reasoning.
    expect(s.reasoning).toBe('We need');
    expect(s.text).toBe('');
    expect(s.usage).toEqual({ promptTokens: 87, completionTokens: 2, totalTokens: 89, reasoningTokens: 2 });
    expect(s.finish).toBe('length');
  },
  'openai-compatible/mistral-hosted-glm-tool-call-name-resent-empty.chunks.txt': (s) => {
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'chatcmpl-tool-9f149c74c42f265b', 'webSearchTool', { query: 'current Berlin weather' }, true],
    ]);
    expect(s.text).toBe('');
    expect(s.usage).toEqual({ promptTokens: 171, completionTokens: 14, totalTokens: 185 });
    expect(s.finish).toBe('tool_calls');
  },
  'openai-compatible/mistral-magistral-thinking-content-parts.chunks.txt': (s) => {
    // ST17: `thinking` content parts are reasoning, `text` parts are the answer.
    expect(s.reasoning).toBe('The user is asking for 2+2. This is basic arithmetic. 2+2=4.');
    expect(s.text).toBe('2 + 2 = 4');
    expect(s.usage).toEqual({ promptTokens: 10, completionTokens: 46, totalTokens: 56 });
    expect(s.finish).toBe('stop');
  },
  'openai-compatible/mistral-whole-tool-call-without-index.chunks.txt': (s) => {
    // ST5: Mistral sends a whole call without `index`, in the chunk that carries finish_reason.
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'gSIMJiOkT', 'weather', { location: 'San Francisco' }, true],
    ]);
    expect(s.usage).toEqual({ promptTokens: 124, completionTokens: 22, totalTokens: 146 });
    expect(s.finish).toBe('tool_calls');
  },
  'anthropic/refusal-stop-details-no-content.chunks.txt': (s) => {
    // ST16: no content block at all, stop_reason refusal in message_delta; ST19: its
    // stop_details.explanation is shown as the answer.
    expect(s.text).toBe(
      "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.",
    );
    expect(s.usage).toEqual({ promptTokens: 18, completionTokens: 5, totalTokens: 23 });
    expect(s.finish).toBe('refusal');
    expect(s.error).toBeNull();
  },
  'anthropic/tool-use-without-arguments.chunks.txt': (s) => {
    expect(s.text).toBe("I'll update the issue list for you.");
    expect(s.toolCalls.map((c) => [c.id, c.name, c.rawArguments, c.arguments, c.parseError])).toEqual([
      ['toolu_01QE1WLsSVp5hy5Q3GmGTmjP', 'updateIssueList', '{}', {}, false],
    ]);
    expect(s.usage).toEqual({ promptTokens: 565, completionTokens: 48, totalTokens: 613 });
    expect(s.finish).toBe('tool_calls');
  },
  'gemini/code-execution-parts-between-text.sse.txt': (s) => {
    // ST15: executableCode and codeExecutionResult parts are skipped; ST18: tool-use prompt tokens.
    expect(s.text).toBe(
      'To find the sum of the first 5 prime numbers, we first need to identify them. The first five prime ' +
        "numbers are 2, 3, 5, 7, and 11.\n\nNow, let's calculate their sum using a Python tool:\n\n" +
        'The sum of the first 5 prime numbers is 28.',
    );
    expect(s.usage).toEqual({
      promptTokens: 21 + 243,
      completionTokens: 126 + 95,
      totalTokens: 485,
      reasoningTokens: 95,
    });
    expect(s.finish).toBe('stop');
  },
  'gemini/empty-text-part-with-thought-signature.chunks.txt': (s) => {
    // The last chunk holds only an empty text part with a thoughtSignature: no text, no reasoning.
    expect(s.text).toBe('There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.');
    expect(s.reasoning).toBe('');
    expect(s.usage).toEqual({
      promptTokens: 9,
      completionTokens: 285,
      totalTokens: 294,
      reasoningTokens: 256,
    });
    expect(s.finish).toBe('stop');
  },
  'gemini/prompt-blocked-no-candidates.chunks.txt': (s) => {
    // ST30: the prompt itself is blocked (promptFeedback.blockReason, no candidates): an error that
    // names the reason, after the usage Google reported.
    expect(s.text).toBe('');
    expect(s.usage).toEqual({ promptTokens: 9, completionTokens: 0, totalTokens: 9 });
    expect(s.finish).toBeNull();
    expect([s.error?.code, s.error?.providerMessage]).toEqual([
      'content_filter',
      'The prompt was blocked (PROHIBITED_CONTENT)',
    ]);
  },
  'gemini/recitation-finish-candidate-without-content.sse.txt': (s) => {
    // ST16: the last candidate has finishReason RECITATION and no content at all.
    expect(s.text).toBe('text1text2text3text4text5text6text7text8');
    expect(s.usage).toEqual({ promptTokens: 9, completionTokens: 261, totalTokens: 270 });
    expect(s.finish).toBe('content_filter');
  },
  'gemini/safety-finish-with-ratings.sse.txt': (s) => {
    expect(s.text).toBe('<redacted>');
    expect(s.usage).toEqual({ promptTokens: 10, completionTokens: 66, totalTokens: 76 });
    expect(s.finish).toBe('content_filter');
  },
  'gemini/thought-summary-parts-then-text.sse.txt': (s) => {
    expect(s.reasoning).toMatch(/^\*\*Exploring Sky Color\*\*\n\nI've zeroed in/);
    expect(s.reasoning).toMatch(/I'm satisfied with this concise response\.\n\n\n$/);
    expect(s.text).toBe(
      "The sky is blue because tiny gas molecules in Earth's atmosphere scatter blue light from the sun " +
        'more efficiently than other colors. Blue light has shorter, smaller wavelengths, causing it to be ' +
        'scattered in all directions, making the sky appear blue to our eyes.',
    );
    expect(s.usage).toEqual({
      promptTokens: 10,
      completionTokens: 588,
      totalTokens: 598,
      reasoningTokens: 540,
    });
    expect(s.finish).toBe('stop');
  },
};
