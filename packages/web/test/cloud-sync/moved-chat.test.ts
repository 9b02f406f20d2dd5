import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore, type StoragePort } from '@parley/core/storage';
import {
  restoreDeletedChats,
  SyncEngine,
  type RemoteChanges,
  type SyncHttpRequest,
} from '@parley/core/sync-client';
import { FakeScheduler, ModelServerTransport, sharedTabStores } from '@parley/core/sync-client/test-support';
import { describe, expect, it, vi } from 'vitest';
import { createActiveChatStore } from '../../src/features/chat/active-chat-store';
import { createChatRuntime, type ChatRuntime } from '../../src/features/chat/chat-runtime';

const ENDPOINT = 'http://sim.test/v1';
const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** An OpenAI-like endpoint whose answers stream only as the test says. */
function steppedProvider() {
  const encoder = new TextEncoder();
  const answers: { push(text: string): void; end(): void }[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    if (body.stream !== true) {
      const message = { role: 'assistant', content: 'A title' };
      return Response.json({ choices: [{ index: 0, message, finish_reason: 'stop' }] });
    }
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        answers.push({
          push: (text) =>
            controller.enqueue(encoder.encode(sse({ choices: [{ index: 0, delta: { content: text } }] }))),
          end: () => {
            controller.enqueue(
              encoder.encode(sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })),
            );
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          },
        });
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  return { fetch, answers };
}

/**
 * One device: the chat runtime and the sync engine on one store. The sync's answer can be held
 * back, so the test can act while a sync is out. `onRemoteChanges` does what the app does.
 */
function device(options: { store?: StoragePort; clock?: FakeClock; followMoves?: boolean } = {}) {
  const clock = options.clock ?? new FakeClock('2026-02-01T00:00:00.000Z');
  const store = options.store ?? createMemoryStore({ clock });
  const provider = steppedProvider();
  const runtime: ChatRuntime = createChatRuntime(
    { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('t') },
    {
      providerAccess: () => ({ apiKey: 'sk-test', endpoint: ENDPOINT }),
      scheduleFrame: (callback) => callback(),
      promptContext: () => ({ now: new Date(clock.now()), locale: 'en-GB', timeZone: 'UTC' }),
    },
  );
  const server = new ModelServerTransport();
  /** on: the next sync's answer waits; reached: the server has its request (and took it in). */
  const held = { on: false, reached: false, release: () => {} };
  const engine = new SyncEngine({
    store,
    transport: {
      send: async (request: SyncHttpRequest) => {
        const answer = await server.send(request);
        if (held.on && request.path === '/api/sync')
          await new Promise<void>((resolve) => {
            held.release = resolve;
            held.reached = true;
          });
        return answer;
      },
    },
    scheduler: new FakeScheduler(),
    availability: { isActive: () => true, syncsAttachments: () => false },
    ids: new SequentialIdGenerator('moved-'),
    // What App.tsx passes to createBrowserCloudSync.
    onRemoteChanges: (changes: RemoteChanges) => {
      if (options.followMoves === false) return;
      for (const { from, to } of changes.movedChats) {
        void runtime.active.follow(from, to);
        runtime.session.followMove(from, to);
      }
    },
  });
  return { clock, store, provider, runtime, engine, held };
}

/**
 * SC24 as the user meets it: a chat is deleted, a sync carries the deletion, and while it is out
 * the user restores the chat (in place) and asks something in it. The sync then moves the chat to
 * a new id. Returns while the answer is streaming and the sync is still out.
 */
async function answerStreamingIntoAChatAboutToMove(d: ReturnType<typeof device>) {
  const first = d.runtime.session.send(null, 'Plan a trip');
  await vi.waitFor(() => expect(d.provider.answers).toHaveLength(1));
  d.provider.answers[0]?.push('Sure.');
  d.provider.answers[0]?.end();
  const sent = await first;
  if (!sent.ok) throw new Error('the first message was not sent');
  await vi.waitFor(() => expect(d.runtime.session.isStreaming(sent.chatId)).toBe(false));
  await d.engine.syncNow();

  d.clock.advance(1000);
  await d.store.chats.delete(sent.chatId);
  d.held.on = true;
  const carrying = d.engine.syncNow();
  await vi.waitFor(() => expect(d.held.reached).toBe(true));
  await restoreDeletedChats({ store: d.store, ids: new SequentialIdGenerator('r') }, [sent.chatId]);
  await d.runtime.active.open(sent.chatId);
  await d.runtime.session.send(sent.chatId, 'Somewhere warm');
  await vi.waitFor(() => expect(d.provider.answers).toHaveLength(2));
  d.provider.answers[1]?.push('How about ');
  return { chatId: sent.chatId, carrying };
}

const contents = (chat: { messages: { content: unknown }[] } | null | undefined) =>
  chat?.messages.map((message) => message.content);

describe('SC26 a chat that sync moves while an answer streams into it', () => {
  it('SC26 the open chat follows the move at once and the streaming answer goes on under the new id', async () => {
    const d = device();
    const { chatId, carrying } = await answerStreamingIntoAChatAboutToMove(d);
    d.held.on = false;
    d.held.release();
    await carrying;

    await vi.waitFor(() => expect(d.runtime.active.getState().activeChatId).toBe('ch-moved-1'));
    expect(d.runtime.session.isStreaming('ch-moved-1')).toBe(true);
    expect(Object.keys(d.runtime.streaming.getState().answers)).toEqual(['ch-moved-1']);
    expect(await d.store.chats.get(chatId)).toBeUndefined();

    d.provider.answers[1]?.push('Lisbon?');
    d.provider.answers[1]?.end();
    await vi.waitFor(() => expect(d.runtime.session.isStreaming('ch-moved-1')).toBe(false));
    const expected = ['Plan a trip', 'Sure.', 'Somewhere warm', 'How about Lisbon?'];
    await vi.waitFor(async () => expect(contents(await d.store.chats.get('ch-moved-1'))).toEqual(expected));
    expect(contents(d.runtime.active.getState().chat)).toEqual(expected);
  });

  it('SC26 a save after the move lands in the new chat, even before anyone said it moved', async () => {
    const d = device({ followMoves: false });
    const { chatId, carrying } = await answerStreamingIntoAChatAboutToMove(d);
    d.held.on = false;
    d.held.release();
    await carrying;
    expect(d.runtime.active.getState().activeChatId).toBe(chatId);

    d.provider.answers[1]?.push('Lisbon?');
    d.provider.answers[1]?.end();
    await vi.waitFor(async () =>
      expect(contents(await d.store.chats.get('ch-moved-1'))).toEqual([
        'Plan a trip',
        'Sure.',
        'Somewhere warm',
        'How about Lisbon?',
      ]),
    );
    // The save found the chat moved: the session and the open chat follow it.
    await vi.waitFor(() => expect(d.runtime.active.getState().activeChatId).toBe('ch-moved-1'));
    expect(await d.store.chats.get(chatId)).toBeUndefined();
  });

  it('SC26 another tab showing the chat follows it to its new id', async () => {
    const clock = new FakeClock('2026-02-01T00:00:00.000Z');
    const tabs = sharedTabStores({ clock });
    const d = device({ store: tabs.open(), clock });
    const otherTab = createActiveChatStore(tabs.open());
    const { chatId, carrying } = await answerStreamingIntoAChatAboutToMove(d);
    await otherTab.open(chatId);
    expect(otherTab.getState().chat?.id).toBe(chatId);
    d.held.on = false;
    d.held.release();
    await carrying;
    await vi.waitFor(() => expect(otherTab.getState().activeChatId).toBe('ch-moved-1'));
    expect(otherTab.getState().chat?.id).toBe('ch-moved-1');
    otherTab.dispose();
  });
});
