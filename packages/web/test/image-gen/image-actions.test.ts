import { parseAttachment, type Message } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { createImageActions } from '../../src/features/image-gen/image-actions';
import { imageSettingsOf, IMAGE_GENERATION_ID } from '../../src/features/image-gen/image-settings';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('image tool settings (decision 0136)', () => {
  it('keeps background and a count of 1 to 4 for gpt-image; anything else falls back', () => {
    const read = (own: Record<string, unknown>) => imageSettingsOf({ [IMAGE_GENERATION_ID]: own });
    expect(read({ background: 'transparent', n: 3 })).toMatchObject({ background: 'transparent', n: 3 });
    expect(read({ background: 'glass', n: 7 })).toMatchObject({ background: 'auto', n: 1 });
    expect(read({ n: 2.5 }).n).toBe(1);
    expect(read({ n: '4' }).n).toBe(4);
    expect(read({ n: 0 }).n).toBe(1);
  });
});

function setup(settings: Record<string, unknown> = {}) {
  const clock = new FakeClock('2026-11-28T10:00:00.000Z');
  const ids = new SequentialIdGenerator('t');
  const store = createMemoryStore({ clock, ids });
  const sent: { url: string; init: RequestInit }[] = [];
  const appended: Message[][] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ data: [{ b64_json: b64(PNG) }], output_format: 'png' }), {
      status: 200,
    });
  }) as unknown as typeof globalThis.fetch;
  const actions = createImageActions({
    settings: () => imageSettingsOf({ [IMAGE_GENERATION_ID]: { enabled: true, ...settings } }),
    access: () => ({ apiKey: 'sk-test', endpoint: 'https://images.example/v1' }),
    fetch,
    store,
    chatId: () => 'chat-1',
    remember: () => undefined,
    messages: { clock, ids },
    now: () => clock.now(),
    append: async (_chatId, messages) => {
      appended.push([...messages]);
      return { ok: true };
    },
  });
  return { store, sent, appended, actions };
}

describe('Create image and Edit this image (decision 0136)', () => {
  it('Create image is a generate_image step in the chat: the words, the call, its picture card', async () => {
    const { actions, appended, sent, store } = setup({ background: 'transparent', n: 2 });
    expect(await actions.create('chat-1', '  a lighthouse at dawn ')).toBe(true);
    expect(sent[0]?.url).toBe('https://images.example/v1/images/generations');
    expect(JSON.parse(String(sent[0]?.init.body))).toMatchObject({
      prompt: 'a lighthouse at dawn',
      background: 'transparent',
      n: 2,
    });
    const [question, answer, result] = appended[0]!;
    expect(question).toMatchObject({ role: 'user', content: 'a lighthouse at dawn' });
    expect(answer?.role).toBe('assistant');
    expect(answer?.tool_calls?.[0]?.function).toEqual({
      name: 'generate_image',
      arguments: '{"prompt":"a lighthouse at dawn"}',
    });
    expect(answer?.parentId).toBe(question?.id);
    expect(result).toMatchObject({ role: 'function', name: 'generate_image', parentId: answer?.id });
    expect(result?.tool_call_id).toBe(answer?.tool_calls?.[0]?.id);
    const display = result?.toolRun?.display;
    expect(display?.kind).toBe('cards');
    const card = display?.kind === 'cards' ? display.cards[0] : undefined;
    expect(card?.imageUrl).toMatch(/^attachment:att-/);
    expect(await store.attachments.get(card!.imageUrl!.slice('attachment:'.length))).toBeDefined();
  });

  it('Edit this image sends the stored picture as a file to /images/edits with the instruction', async () => {
    const { actions, appended, sent, store } = setup();
    const now = '2026-11-28T10:00:00.000Z';
    await store.attachments.put(
      parseAttachment({
        id: 'att-fox',
        mimeType: 'image/png',
        name: 'fox.png',
        size: PNG.length,
        chatID: 'chat-1',
        createdAt: now,
        updatedAt: now,
      }),
      PNG,
    );
    expect(await actions.edit('chat-1', 'attachment:att-fox', 'give it a hat')).toBe(true);
    expect(sent[0]?.url).toBe('https://images.example/v1/images/edits');
    const form = sent[0]?.init.body as FormData;
    expect(form.get('prompt')).toBe('give it a hat');
    const file = form.get('image[]') as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const step = appended[0]!;
    expect(step[0]).toMatchObject({ role: 'user', content: 'give it a hat' });
    expect(JSON.parse(step[1]!.tool_calls![0]!.function.arguments)).toEqual({
      prompt: 'give it a hat',
      image: 'attachment:att-fox',
    });
    expect(step[2]?.toolRun?.status).toBe('ok');
  });

  it('a picture that is not on this device is an error step, and nothing is sent', async () => {
    const { actions, appended, sent } = setup();
    expect(await actions.edit('chat-1', 'attachment:att-gone', 'give it a hat')).toBe(true);
    expect(sent).toHaveLength(0);
    expect(appended[0]?.[2]?.toolRun?.status).toBe('error');
    expect(appended[0]?.[2]?.content).toContain('not stored on this device');
  });
});
