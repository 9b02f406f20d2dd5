import type { ChatEvent } from './chat-event';

interface OpenCall {
  id: string;
  name: string;
  args: string;
  /** Whole arguments object given up front (Gemini, non-streaming responses, Anthropic block start). */
  initial: Record<string, unknown> | undefined;
  /** JSON.stringify(initial), computed once. */
  initialRaw: string;
  signature: string | undefined;
  /** Arguments refused as too large (ST22): the call completes with `{}` and parseError. */
  unreadable: boolean;
  done: boolean;
}

/** Arguments as sent → the complete event's fields (ST5): '' is `{}`, bad JSON keeps the raw text. */
export function parseToolArguments(raw: string): { arguments: Record<string, unknown>; parseError?: true } {
  if (raw.trim() === '') return { arguments: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { arguments: value as Record<string, unknown> };
    }
  } catch {
    // Incomplete JSON, typically a stream cut at max_tokens.
  }
  return { arguments: {}, parseError: true };
}

/** The complete event's argument fields for a call. */
function finalArguments(call: OpenCall): {
  rawArguments: string;
  arguments: Record<string, unknown>;
  parseError?: true;
} {
  if (call.unreadable) return { rawArguments: '', arguments: {}, parseError: true };
  // An up-front object is used as is, never re-parsed; streamed fragments after it win.
  if (call.initial !== undefined && (call.args === '' || call.args === call.initialRaw)) {
    return { rawArguments: call.initialRaw, arguments: call.initial };
  }
  return { rawArguments: call.args, ...parseToolArguments(call.args) };
}

/**
 * Assembles tool calls that arrive in fragments, keyed by the provider's index (which may start at
 * 1). Id and name are kept from the first fragment that has them; an empty resend never erases them.
 */
export class ToolCallAccumulator {
  private readonly calls = new Map<number, OpenCall>();

  constructor(private readonly out: ChatEvent[]) {}

  get size(): number {
    return this.calls.size;
  }

  has(index: number): boolean {
    return this.calls.has(index);
  }

  /** The id of the call at `index` ('' when it has none yet or there is no call). */
  idAt(index: number): string {
    return this.calls.get(index)?.id ?? '';
  }

  /** True when the call at `index` already holds a whole JSON value as its arguments. */
  argumentsComplete(index: number): boolean {
    const call = this.calls.get(index);
    if (!call) return false;
    if (call.args === '') return call.initial !== undefined;
    try {
      JSON.parse(call.args);
      return true;
    } catch {
      return false;
    }
  }

  /** An index after every call seen so far (the legacy function call's -1 does not count). */
  nextIndex(): number {
    let next = 0;
    for (const index of this.calls.keys()) if (index >= next) next = index + 1;
    return next;
  }

  /** Registers a fragment's id and name; emits tool-call-start the first time an index is seen. */
  touch(index: number, id: string | undefined, name: string | undefined): void {
    const call = this.calls.get(index);
    if (call) {
      if (!call.id && id) call.id = id;
      if (!call.name && name) call.name = name;
      return;
    }
    const fresh: OpenCall = {
      id: id ?? '',
      name: name ?? '',
      args: '',
      initial: undefined,
      initialRaw: '',
      signature: undefined,
      unreadable: false,
      done: false,
    };
    this.calls.set(index, fresh);
    this.out.push({ type: 'tool-call-start', index, id: fresh.id, name: fresh.name });
  }

  appendArguments(index: number, delta: string): void {
    const call = this.calls.get(index);
    if (!call || call.done || delta === '') return;
    call.args += delta;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'tool-call-delta' && last.index === index) last.argumentsDelta += delta;
    else this.out.push({ type: 'tool-call-delta', index, argumentsDelta: delta });
  }

  /** Arguments known as an object; `raw` is its JSON text, also streamed when `emitDelta`. */
  setArgumentsObject(index: number, value: Record<string, unknown>, raw: string, emitDelta: boolean): void {
    const call = this.calls.get(index);
    if (!call || call.done) return;
    call.initial = value;
    call.initialRaw = raw;
    if (emitDelta) this.appendArguments(index, raw);
  }

  /** The call's arguments could not be kept; it completes with `{}`, parseError and no raw text. */
  markUnreadable(index: number): void {
    const call = this.calls.get(index);
    if (call && !call.done) call.unreadable = true;
  }

  setSignature(index: number, signature: string): void {
    const call = this.calls.get(index);
    if (call && signature) call.signature = signature;
  }

  complete(index: number): void {
    const call = this.calls.get(index);
    if (!call || call.done) return;
    call.done = true;
    this.out.push({
      type: 'tool-call-complete',
      index,
      id: call.id,
      name: call.name,
      ...finalArguments(call),
      ...(call.signature ? { signature: call.signature } : {}),
    });
  }

  /** The call stays incomplete: no complete event, now or at the stream's end (ST22 cut calls). */
  leaveIncomplete(index: number): void {
    const call = this.calls.get(index);
    if (call) call.done = true;
  }

  completeAll(): void {
    const indexes = [...this.calls.keys()].sort((a, b) => a - b);
    for (const index of indexes) this.complete(index);
  }
}
