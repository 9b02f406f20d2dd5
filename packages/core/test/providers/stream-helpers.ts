import type { ProviderId } from '../../src/models/model-descriptor';
import { type ChatAssembly, collectChat } from '../../src/providers/chat-assembly';
import type { ChatEvent } from '../../src/providers/chat-event';
import type { ApiType } from '../../src/models/model-descriptor';
import { normaliseStream } from '../../src/providers/stream-normaliser';

/** A body that delivers `bytes` in reads cut at the given offsets. */
export function bodyFrom(bytes: Uint8Array, cuts: readonly number[] = []): ReadableStream<Uint8Array> {
  const offsets = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...offsets, bytes.length]) {
    if (cut > start) pieces.push(bytes.slice(start, cut));
    start = cut;
  }
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++];
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
  });
}

export function bodyFromText(text: string, cuts: readonly number[] = []): ReadableStream<Uint8Array> {
  return bodyFrom(new TextEncoder().encode(text), cuts);
}

export async function eventsOf(
  body: ReadableStream<Uint8Array>,
  format: ApiType,
  provider: ProviderId = format === 'claude' ? 'anthropic' : format === 'gemini' ? 'gemini' : 'openai',
): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of normaliseStream(body, { apiType: format, provider })) events.push(event);
  return events;
}

export async function assemble(
  text: string,
  format: ApiType,
  cuts: readonly number[] = [],
  provider?: ProviderId,
): Promise<ChatAssembly> {
  return collectChat(await eventsOf(bodyFromText(text, cuts), format, provider));
}

/** The parts of an assembly a test compares, with the error reduced to its code and message. */
export function summary(assembly: ChatAssembly): Record<string, unknown> {
  const { error, ...rest } = assembly;
  return { ...rest, error: error ? { code: error.code, message: error.providerMessage } : null };
}
