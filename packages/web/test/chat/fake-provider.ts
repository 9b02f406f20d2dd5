import { vi } from 'vitest';

/** A fake OpenAI-compatible endpoint for chat session tests: streams the given text in pieces. */
export type FakeReply =
  | { kind: 'stream'; pieces: string[]; usage?: { prompt: number; completion: number } }
  | { kind: 'json'; text: string; usage?: { prompt: number; completion: number } }
  | { kind: 'status'; status: number; body: unknown }
  /** Sends the pieces, then waits for the request to be aborted. */
  | { kind: 'hang'; pieces: string[] };

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

export type FakeCall = { url: string; body: Record<string, unknown> };

export function fakeProvider(replies: (body: Record<string, unknown>) => FakeReply) {
  const calls: FakeCall[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push({ url: String(url), body });
    const reply = replies(body);
    if (reply.kind === 'status') {
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (reply.kind === 'json') {
      const usage = reply.usage ?? { prompt: 10, completion: 3 };
      return new Response(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const encoder = new TextEncoder();
        for (const piece of reply.pieces) {
          controller.enqueue(encoder.encode(sse({ choices: [{ index: 0, delta: { content: piece } }] })));
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        if (reply.kind === 'hang') {
          await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
          return;
        }
        controller.enqueue(
          encoder.encode(sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })),
        );
        if (reply.usage) {
          const { prompt, completion } = reply.usage;
          controller.enqueue(
            encoder.encode(
              sse({
                choices: [],
                usage: {
                  prompt_tokens: prompt,
                  completion_tokens: completion,
                  total_tokens: prompt + completion,
                },
              }),
            ),
          );
        }
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, calls };
}
