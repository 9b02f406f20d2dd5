import type { FinishReason } from './chat-event';
import { errorFromStreamPayload } from './error-mapping';
import { ProviderError } from './errors';
import {
  arrayField,
  isRecord,
  type JsonRecord,
  numberField,
  recordField,
  stringField,
  tryParseJson,
} from './json-guards';
import { openAIUsage } from './openai-usage';
import { DecoderBase } from './stream-decoder';
import { ThinkTagSplitter } from './think-tags';

/**
 * OpenAI Chat Completions chunks (also OpenRouter, Setapp, llama.cpp, Groq and other compatible
 * servers). SPEC.md ST1–ST26 name the quirks handled here.
 */

const finishReasonMap: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  length: 'length',
  max_tokens: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
  stop_sequence: 'stop_sequence',
  error: 'error',
};

/** Legacy `function_call` deltas are tracked under their own index so they never clash with tools. */
const LEGACY_FUNCTION_INDEX = -1;

export class OpenAIStreamDecoder extends DecoderBase {
  private sawDone = false;
  private refused = false;
  /** The provider's key for a tool call (`i<index>`, or `p<position>` without one) → our index (ST21). */
  private readonly toolKeys = new Map<string, number>();
  /** The `index` of the choice that is the answer, fixed by the first chunk with choices (ST21). */
  private answerIndex: number | undefined;
  /** ST26: `<think>…</think>` at the start of the answer is reasoning. */
  private readonly thinkTags = new ThinkTagSplitter(
    (text) => this.text(text),
    (text) => this.reasoning(text),
  );

  event(data: string, eventName: string | undefined): void {
    if (this.finished) return;
    if (data === '[DONE]' || (data.length < 12 && data.trim() === '[DONE]')) {
      // ST2: the OpenAI family's end marker; a finish reason is inferred when none came.
      this.sawDone = true;
      this.end();
      return;
    }
    const value = tryParseJson(data);
    if (eventName === 'error') {
      // ST9, ST27: Groq and others send `event: error` mid-stream; its data may be plain text.
      this.fail(errorFromStreamPayload(this.provider, value ?? { error: data.trim() }, data));
      return;
    }
    // A payload that is not JSON (a capture artefact, a keep-alive) carries nothing we can use.
    if (value === undefined) return;
    this.chunk(value, data);
  }

  json(value: unknown, raw: string): void {
    if (!this.finished) this.chunk(value, raw);
  }

  /**
   * ST27: `finish_reason: "error"` without an error object (OpenRouter when the upstream failed)
   * ends the answer as an error, so a cut answer never looks complete.
   */
  override end(): void {
    if (!this.finished && this.pendingFinish() === 'error') {
      this.fail(
        new ProviderError({
          code: 'server_error',
          provider: this.provider,
          providerMessage: 'The provider ended the answer with an error',
        }),
      );
      return;
    }
    super.end();
  }

  protected override flushHeld(): void {
    this.thinkTags.flush();
  }

  protected override pendingFinish(): FinishReason | undefined {
    const reason =
      this.finishReason ?? (this.sawDone ? (this.tools.size > 0 ? 'tool_calls' : 'stop') : undefined);
    // ST16: a refusal arrives as `refusal` text with finish_reason "stop".
    return reason === 'stop' && this.refused ? 'refusal' : reason;
  }

  private chunk(value: unknown, raw: string): void {
    if (Array.isArray(value)) {
      // ST10: some gateways send chunks (or errors) wrapped in an array.
      for (const item of value) if (!this.finished) this.chunk(item, raw);
      return;
    }
    if (!isRecord(value)) return;
    // ST20: Groq reports usage inside `x_groq` on the last chunk, with no top-level usage.
    const usage = value.usage ?? recordField(value.x_groq)?.usage;
    if (usage !== null && usage !== undefined) this.usage = openAIUsage(usage) ?? this.usage;
    if ((value.error !== undefined && value.error !== null) || value.object === 'error') {
      // ST9: OpenRouter puts `error` in a normal chunk; llama.cpp sends `data: {"error":…}`; older
      // vLLM sends the error object itself (`object: "error"`).
      this.fail(errorFromStreamPayload(this.provider, value, raw));
      return;
    }
    // ST3: `choices` may be empty (the include_usage chunk, Azure's first chunk).
    const choices = value.choices;
    if (!Array.isArray(choices) || choices.length === 0) return;
    const choice = this.answerChoice(choices);
    if (!choice) return;
    const delta = recordField(choice.delta) ?? recordField(choice.message);
    if (delta) this.delta(delta);
    const reason = stringField(choice.finish_reason);
    // ST16: proxies may repeat finish_reason; the first one counts.
    if (reason && this.finishReason === undefined) {
      this.finishReason = finishReasonMap[reason] ?? 'stop';
      this.tools.completeAll();
    }
  }

  /**
   * ST21: with several choices (n > 1) one is the answer: index 0 (or no index) when the first chunk
   * with choices has it, else that chunk's first choice (servers that count from 1, proxies that
   * renumber). It is chosen once, so choices sent one per chunk are never mixed.
   */
  private answerChoice(choices: readonly unknown[]): JsonRecord | undefined {
    const records = choices.filter(isRecord);
    const indexOf = (choice: JsonRecord) => numberField(choice.index) ?? 0;
    const first = records[0];
    if (this.answerIndex === undefined && first) {
      this.answerIndex = records.some((choice) => indexOf(choice) === 0) ? 0 : indexOf(first);
    }
    return records.find((choice) => indexOf(choice) === this.answerIndex);
  }

  private delta(delta: JsonRecord): void {
    // ST4: a role-only first delta has content "", null or no content at all.
    const content = delta.content;
    if (typeof content === 'string') this.thinkTags.push(content);
    else if (Array.isArray(content)) for (const part of content) this.contentPart(part);
    this.readReasoning(delta);
    const refusal = delta.refusal;
    if (typeof refusal === 'string' && refusal !== '') {
      this.refused = true;
      this.text(refusal);
    }
    const toolCalls = delta.tool_calls;
    if (Array.isArray(toolCalls)) {
      for (let i = 0; i < toolCalls.length; i++) this.toolCallFragment(toolCalls[i], i);
    }
    const functionCall = recordField(delta.function_call);
    if (functionCall) {
      this.tools.touch(LEGACY_FUNCTION_INDEX, '', stringField(functionCall.name));
      this.tools.appendArguments(LEGACY_FUNCTION_INDEX, stringField(functionCall.arguments) ?? '');
    }
  }

  /** ST17: Mistral's Magistral sends `content` as parts; `thinking` parts hold reasoning text parts. */
  private contentPart(part: unknown): void {
    if (!isRecord(part)) return;
    if (part.type !== 'thinking') {
      this.thinkTags.push(stringField(part.text) ?? '');
      return;
    }
    const thinking = part.thinking;
    if (typeof thinking === 'string') this.reasoning(thinking);
    else if (Array.isArray(thinking))
      for (const inner of thinking) if (isRecord(inner)) this.reasoning(stringField(inner.text) ?? '');
  }

  /** ST6: reasoning_content (DeepSeek, vLLM), reasoning (OpenRouter), else reasoning_details. */
  private readReasoning(delta: JsonRecord): void {
    const plain = stringField(delta.reasoning_content) || stringField(delta.reasoning);
    if (plain) this.reasoning(plain);
    const details = arrayField(delta.reasoning_details);
    if (!details) return;
    for (const detail of details) {
      if (!isRecord(detail)) continue;
      // ST6: the text is the same as `reasoning` when both come; it is read once.
      if (!plain) this.reasoning(stringField(detail.text) ?? stringField(detail.summary) ?? '');
      // ST25: Anthropic models behind OpenRouter sign their thinking in a detail of its own.
      const signature = stringField(detail.signature);
      if (signature) this.out.push({ type: 'reasoning-delta', text: '', signature });
    }
  }

  /** ST5: id and name come once; arguments are split anywhere; index may start at 1. */
  private toolCallFragment(fragment: unknown, position: number): void {
    if (!isRecord(fragment)) return;
    const id = stringField(fragment.id);
    const index = this.toolIndex(numberField(fragment.index), position, id);
    const fn = recordField(fragment.function);
    this.tools.touch(index, id, stringField(fn?.name));
    const args = fn?.arguments;
    if (typeof args === 'string') this.tools.appendArguments(index, args);
    else if (isRecord(args)) this.tools.setArgumentsObject(index, args, JSON.stringify(args), true);
  }

  /**
   * ST21: the call a fragment belongs to. Without an index (Mistral, non-streaming messages) its
   * position in `tool_calls` stands in, and a different id there starts a new call (parallel calls
   * sent whole, one per chunk). With an index, a different id starts a new call only once the call
   * there holds whole JSON arguments (Ollama and some proxies give every parallel call index 0).
   */
  private toolIndex(providerIndex: number | undefined, position: number, id: string | undefined): number {
    const key = providerIndex === undefined ? `p${position}` : `i${providerIndex}`;
    let index = this.toolKeys.get(key) ?? providerIndex ?? position;
    const current = this.tools.idAt(index);
    if (
      id &&
      current &&
      id !== current &&
      (providerIndex === undefined || this.tools.argumentsComplete(index))
    ) {
      index = this.tools.nextIndex();
    }
    this.toolKeys.set(key, index);
    return index;
  }
}
