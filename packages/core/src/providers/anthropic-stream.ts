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
import { ProviderError } from './errors';
import { DecoderBase } from './stream-decoder';

/** Anthropic Messages API events (SPEC.md ST*). */

const stopReasonMap: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  max_tokens: 'length',
  stop_sequence: 'stop_sequence',
  tool_use: 'tool_calls',
  refusal: 'refusal',
  pause_turn: 'stop',
  model_context_window_exceeded: 'length',
};

export class AnthropicStreamDecoder extends DecoderBase {
  /** Content block index → tool call index (tool calls are numbered from 0 in order of arrival). */
  private readonly toolByBlock = new Map<number, number>();
  private inputTokens = 0;
  private outputTokens = 0;
  /** ST24: a block other than text began after some text. */
  private blockAfterText = false;
  /** ST24: the next text delta starts a new paragraph unless whitespace already separates it. */
  private paragraphPending = false;
  private lastTextChar = '';
  /** ST29: the id of the message this stream carries, once message_start came (null: no id). */
  private messageId: string | null | undefined;
  /** ST29: a content block began, so a new message_start can no longer be a harmless repeat. */
  private sawBlock = false;

  event(data: string, eventName: string | undefined): void {
    if (this.finished) return;
    const value = tryParseJson(data);
    if (!isRecord(value)) return;
    this.message(value, eventName, data);
  }

  /** A non-streaming response: replayed as the events a stream would have sent. */
  json(value: unknown, raw: string): void {
    if (this.finished) return;
    const response = Array.isArray(value) ? value[0] : value;
    if (!isRecord(response)) return;
    if (response.type === 'error' || response.error) {
      this.fail(errorFromStreamPayload(this.provider, response, raw));
      return;
    }
    this.message({ type: 'message_start', message: response }, 'message_start', raw);
    const blocks = arrayField(response.content) ?? [];
    blocks.forEach((block, index) => {
      this.message({ type: 'content_block_start', index, content_block: block }, undefined, raw);
      this.message({ type: 'content_block_stop', index }, undefined, raw);
    });
    this.message(
      {
        type: 'message_delta',
        delta: { stop_reason: response.stop_reason, stop_details: response.stop_details },
        usage: response.usage,
      },
      undefined,
      raw,
    );
  }

  private message(value: JsonRecord, eventName: string | undefined, raw: string): void {
    switch (stringField(value.type) ?? eventName) {
      case 'content_block_delta':
        this.blockDelta(numberField(value.index) ?? 0, recordField(value.delta));
        return;
      case 'content_block_start':
        this.blockStart(numberField(value.index) ?? 0, recordField(value.content_block));
        return;
      case 'content_block_stop': {
        const tool = this.toolByBlock.get(numberField(value.index) ?? 0);
        if (tool !== undefined) this.tools.complete(tool);
        return;
      }
      case 'message_start': {
        const message = recordField(value.message);
        if (this.secondMessage(stringField(message?.id) ?? null)) return;
        // ST16: a repeated message_start before any content changes nothing.
        this.readUsage(recordField(message?.usage), true);
        return;
      }
      case 'message_delta': {
        const delta = recordField(value.delta);
        const reason = stringField(delta?.stop_reason);
        if (reason && this.finishReason === undefined) {
          this.finishReason = stopReasonMap[reason] ?? 'stop';
          if (this.finishReason === 'refusal') this.explainRefusal(recordField(delta?.stop_details));
        }
        // ST14: cumulative usage, which may revise input tokens.
        this.readUsage(recordField(value.usage), false);
        return;
      }
      case 'message_stop':
        this.complete(this.finishReason ?? 'stop');
        return;
      case 'error':
        // ST9: `event: error` in the middle of a 200 stream.
        this.fail(errorFromStreamPayload(this.provider, value, raw));
        return;
      default:
        // ST7 ping, ST15 unknown events.
        return;
    }
  }

  /**
   * ST19: a refusal that streamed no answer shows its `stop_details.explanation` as text, so the
   * user sees why (as OpenAI's `refusal` text is shown, ST16). A partial answer is left as it is.
   */
  private explainRefusal(details: JsonRecord | undefined): void {
    const explanation = stringField(details?.explanation);
    if (explanation && !this.sawText) this.text(explanation);
  }

  /**
   * ST24: text blocks that other blocks (server tools and their results, tool calls, thinking)
   * came between are joined by a blank line, so "…status/500" and "Step 2" do not run together.
   * Consecutive text blocks (citations split a sentence into blocks) are joined as sent.
   */
  private blockText(text: string): void {
    if (text === '') return;
    if (this.paragraphPending) {
      this.paragraphPending = false;
      if (!/\s/.test(this.lastTextChar) && !/^\s/.test(text)) this.text('\n\n');
    }
    this.lastTextChar = text.charAt(text.length - 1);
    this.text(text);
  }

  /**
   * ST29: a message_start after content began, or naming another message, means two messages were
   * joined into one stream (a proxy that retried upstream mid-answer). What came stays; the answer
   * ends here with an error, so no thinking signature or tool call is stitched from two messages.
   */
  private secondMessage(id: string | null): boolean {
    if (this.messageId === undefined) {
      this.messageId = id;
      return false;
    }
    const otherMessage = id !== null && this.messageId !== null && id !== this.messageId;
    if (!this.sawBlock && !otherMessage) return false;
    this.fail(
      new ProviderError({
        code: 'stream_interrupted',
        provider: this.provider,
        providerMessage: 'The response stream started a second message before the first one ended',
      }),
    );
    return true;
  }

  private blockStart(index: number, block: JsonRecord | undefined): void {
    if (!block) return;
    this.sawBlock = true;
    if (block.type === 'text') {
      if (this.blockAfterText) this.paragraphPending = true;
      this.blockAfterText = false;
    } else if (this.sawText) this.blockAfterText = true;
    switch (block.type) {
      case 'text':
        this.blockText(stringField(block.text) ?? '');
        return;
      case 'thinking': {
        this.reasoning(stringField(block.thinking) ?? '');
        const signature = stringField(block.signature);
        if (signature) this.out.push({ type: 'reasoning-delta', text: '', signature });
        return;
      }
      case 'redacted_thinking': {
        const data = stringField(block.data);
        if (data) this.out.push({ type: 'reasoning-delta', text: '', redactedData: data });
        return;
      }
      case 'tool_use': {
        const tool = this.toolByBlock.size;
        this.toolByBlock.set(index, tool);
        this.tools.touch(tool, stringField(block.id), stringField(block.name));
        const input = recordField(block.input);
        // Streams start with `input: {}` and send input_json_delta; a full response has the object.
        if (input) this.tools.setArgumentsObject(tool, input, JSON.stringify(input), false);
        return;
      }
      default:
        // ST15: server tool blocks, web search results and other block types are not ours.
        return;
    }
  }

  private blockDelta(index: number, delta: JsonRecord | undefined): void {
    if (!delta) return;
    switch (delta.type) {
      case 'text_delta':
        this.blockText(stringField(delta.text) ?? '');
        return;
      case 'thinking_delta':
        this.reasoning(stringField(delta.thinking) ?? '');
        return;
      case 'signature_delta': {
        const signature = stringField(delta.signature);
        if (signature) this.out.push({ type: 'reasoning-delta', text: '', signature });
        return;
      }
      case 'input_json_delta': {
        const tool = this.toolByBlock.get(index);
        // ST5: the first partial_json is "", which appendArguments skips.
        if (tool !== undefined) this.tools.appendArguments(tool, stringField(delta.partial_json) ?? '');
        return;
      }
      default:
        return;
    }
  }

  /** `atStart`: message_start's output count (1) is a placeholder that must not undo a later count. */
  private readUsage(usage: JsonRecord | undefined, atStart: boolean): void {
    if (!usage) return;
    const input = numberField(usage.input_tokens);
    const output = numberField(usage.output_tokens);
    if (input === undefined && output === undefined) return;
    if (input !== undefined) {
      // Cached prompt tokens are reported apart from input_tokens; all of them are prompt.
      this.inputTokens =
        input +
        (numberField(usage.cache_creation_input_tokens) ?? 0) +
        (numberField(usage.cache_read_input_tokens) ?? 0);
    }
    if (output !== undefined) this.outputTokens = atStart ? Math.max(this.outputTokens, output) : output;
    this.usage = {
      promptTokens: this.inputTokens,
      completionTokens: this.outputTokens,
      totalTokens: this.inputTokens + this.outputTokens,
    };
  }
}
