import type { FinishReason } from './chat-event';
import { errorFromStreamPayload } from './error-mapping';
import {
  arrayField,
  isRecord,
  type JsonRecord,
  numberField,
  recordField,
  stringField,
  tryParseJson,
} from './json-guards';
import { PartialArgsBuilder } from './gemini-partial-args';
import { ProviderError } from './errors';
import { DecoderBase } from './stream-decoder';

/** Gemini generateContent chunks, `alt=sse` or a whole response (SPEC.md ST*). */

const finishReasonMap: Readonly<Record<string, FinishReason>> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  LANGUAGE: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  OTHER: 'error',
  FINISH_REASON_UNSPECIFIED: 'stop',
};

export class GeminiStreamDecoder extends DecoderBase {
  /** The call whose arguments are being streamed in partialArgs parts (ST22). */
  private streamed: { index: number; args: PartialArgsBuilder } | undefined;

  event(data: string): void {
    if (this.finished) return;
    const value = tryParseJson(data);
    if (value !== undefined) this.chunk(value, data);
  }

  json(value: unknown, raw: string): void {
    if (!this.finished) this.chunk(value, raw);
  }

  protected override pendingFinish(): FinishReason | undefined {
    // Gemini has no end marker: a finishReason seen on any chunk is the finish (ST2).
    return this.finishReason === 'stop' && this.tools.size > 0 ? 'tool_calls' : this.finishReason;
  }

  private chunk(value: unknown, raw: string): void {
    if (Array.isArray(value)) {
      // Without alt=sse Gemini streams one JSON array of chunks; errors may come wrapped too (ST10).
      for (const item of value) if (!this.finished) this.chunk(item, raw);
      return;
    }
    if (!isRecord(value)) return;
    if (value.error !== undefined && value.error !== null) {
      this.fail(errorFromStreamPayload(this.provider, value, raw));
      return;
    }
    // ST14: usageMetadata comes on every chunk; the last one wins, never a sum.
    this.readUsage(recordField(value.usageMetadata));
    const candidates = value.candidates;
    const candidate: unknown = Array.isArray(candidates) ? candidates[0] : undefined;
    if (isRecord(candidate)) this.candidate(candidate);
    else this.promptBlocked(recordField(value.promptFeedback), raw);
  }

  /**
   * ST30: the prompt itself was blocked (no candidates): the answer ends with a `content_filter`
   * error that names Google's reason (and its message when there is one), after the usage it
   * reported, so the user sees why instead of an empty answer.
   */
  private promptBlocked(feedback: JsonRecord | undefined, raw: string): void {
    const reason = stringField(feedback?.blockReason);
    if (!reason) return;
    const message = stringField(feedback?.blockReasonMessage)?.trim();
    this.fail(
      new ProviderError({
        code: 'content_filter',
        provider: this.provider,
        providerMessage: `The prompt was blocked (${reason})${message ? `: ${message}` : ''}`,
        rawBody: raw,
      }),
    );
  }

  private candidate(candidate: JsonRecord): void {
    const parts = arrayField(recordField(candidate.content)?.parts);
    if (parts) for (const part of parts) if (isRecord(part)) this.part(part);
    const reason = stringField(candidate.finishReason);
    // ST22: STOP ends a streamed call left open (Vertex may send no end part); any other finish
    // (MAX_TOKENS, SAFETY…) cut it, so its arguments are partial and it stays incomplete.
    if (reason === 'STOP') this.finishStreamedCall();
    else if (reason) this.leaveStreamedCallIncomplete();
    if (reason && this.finishReason === undefined) this.finishReason = finishReasonMap[reason] ?? 'stop';
  }

  private part(part: JsonRecord): void {
    const text = part.text;
    if (typeof text === 'string') {
      // ST6: thought summaries are parts flagged `thought: true`.
      if (part.thought === true) this.reasoning(text);
      else this.text(text);
      return;
    }
    const call = recordField(part.functionCall);
    if (!call) return; // ST15: inline data, executable code and other part kinds.
    const partialArgs = arrayField(call.partialArgs);
    const continues = call.willContinue === true;
    const name = stringField(call.name);
    if (this.streamed && name) this.finishStreamedCall(); // a new call began without the empty end part
    if (!this.streamed && !continues && !partialArgs) {
      if (!name && !call.args) return; // the empty end part of a streamed call already finished
      // ST5: Gemini sends each call whole, without an index; ids are given or made from the order.
      const index = this.startCall(call, part);
      const args = recordField(call.args) ?? {};
      this.tools.setArgumentsObject(index, args, JSON.stringify(args), true);
      this.tools.complete(index);
      return;
    }
    // ST22: streamed arguments: a named start part, partialArgs parts, and a part without
    // willContinue (often an empty functionCall) as the last one.
    this.streamed ??= { index: this.startCall(call, part), args: new PartialArgsBuilder() };
    if (partialArgs) this.streamed.args.apply(partialArgs);
    if (!continues) this.finishStreamedCall();
  }

  private startCall(call: JsonRecord, part: JsonRecord): number {
    const index = this.tools.size;
    this.tools.touch(index, stringField(call.id) ?? `gemini-call-${index}`, stringField(call.name));
    const signature = stringField(part.thoughtSignature);
    if (signature) this.tools.setSignature(index, signature);
    return index;
  }

  /** ST22: the assembled arguments of a streamed call, completed once. */
  private finishStreamedCall(): void {
    const call = this.streamed;
    if (!call) return;
    this.streamed = undefined;
    const raw = call.args.json();
    // Arguments past the size limits are not kept: the call completes unreadable (parseError).
    if (raw === undefined) this.tools.markUnreadable(call.index);
    else this.tools.setArgumentsObject(call.index, call.args.args, raw, true);
    this.tools.complete(call.index);
  }

  /** ST22: a cut call shows the arguments assembled so far but is never completed. */
  private leaveStreamedCallIncomplete(): void {
    const call = this.streamed;
    if (!call) return;
    this.streamed = undefined;
    this.tools.appendArguments(call.index, call.args.json() ?? '');
    this.tools.leaveIncomplete(call.index);
  }

  private readUsage(usage: JsonRecord | undefined): void {
    if (!usage) return;
    // ST18: prompt tokens spent on tool use (code execution, search) are billed as input too.
    const prompt =
      (numberField(usage.promptTokenCount) ?? 0) + (numberField(usage.toolUsePromptTokenCount) ?? 0);
    const thoughts = numberField(usage.thoughtsTokenCount);
    // Thinking tokens are billed as output.
    const completion = (numberField(usage.candidatesTokenCount) ?? 0) + (thoughts ?? 0);
    this.usage = {
      promptTokens: prompt,
      completionTokens: completion,
      totalTokens: numberField(usage.totalTokenCount) ?? prompt + completion,
      ...(thoughts ? { reasoningTokens: thoughts } : {}),
    };
  }
}
