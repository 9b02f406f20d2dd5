import { attachmentUrl, IMAGE_NOT_SENT_TEXT } from '@parley/core/documents';
import { parseAttachment } from '@parley/core/entities';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import type { ReadyChatPlan } from '../../src/features/chat/answer-plan';
import { resolveAttachments, toBase64 } from '../../src/features/chat/attachment-request';
import { setRemoteAttachments } from '../../src/features/chat/attachment-source';
import { contentWithAttachments } from '../../src/features/chat/composer-attachments';
import { MISSING_IMAGE_TEXT } from '@parley/core/documents';

const model = findModel('gpt-5.1') as ModelDescriptor;

function planWith(content: ReadyChatPlan['request']['messages'][number]['content'], on = model) {
  return {
    model: on,
    request: { model: on, messages: [{ role: 'user', content }], settings: { stream: true }, apiKey: 'k' },
  } as unknown as ReadyChatPlan;
}

describe('attachments in a request', () => {
  it('DO6 the message holds the files first, then the question', () => {
    const file = {
      key: 'f',
      name: 'a.txt',
      tokens: 1,
      part: { type: 'tm_text_file' as const, text: 'A', metadata: { name: 'a.txt' } },
    };
    expect(contentWithAttachments('Why?', [file])).toEqual([file.part, { type: 'text', text: 'Why?' }]);
    expect(contentWithAttachments('Why?', [])).toBe('Why?');
    expect(contentWithAttachments('', [file])).toEqual([file.part]);
  });

  it('DO7 an attachment reference becomes a data URL of the stored bytes, only in the request', async () => {
    const store = createMemoryStore({ clock: new FakeClock(0) });
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    await store.attachments.put(parseAttachment({ id: 'att-1', mimeType: 'image/png' }), bytes);
    const image = { type: 'image_url' as const, image_url: { url: attachmentUrl('att-1') } };
    const content = [image, { type: 'text' as const, text: 'What is it?' }];
    const request = await resolveAttachments(store, planWith(content));
    expect(request.messages[0]?.content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${toBase64(bytes)}` } },
      { type: 'text', text: 'What is it?' },
    ]);
    expect(Buffer.from(toBase64(bytes), 'base64').equals(Buffer.from(bytes))).toBe(true);
    // The plan given in is not changed (the chat keeps its reference).
    expect(image.image_url.url).toBe('attachment:att-1');

    const blind = await resolveAttachments(store, planWith(content, { ...model, visionSupported: false }));
    expect(blind.messages[0]?.content).toEqual([
      { type: 'text', text: IMAGE_NOT_SENT_TEXT },
      { type: 'text', text: 'What is it?' },
    ]);
  });

  it('SC32 an image this device lacks is fetched through cloud sync once, then read locally', async () => {
    const store = createMemoryStore({ clock: new FakeClock(0) });
    const image = { type: 'image_url' as const, image_url: { url: attachmentUrl('att-2') } };
    const content = [image, { type: 'text' as const, text: 'And this?' }];
    // No cloud sync yet: the model is told the picture is not here.
    setRemoteAttachments(null);
    expect((await resolveAttachments(store, planWith(content))).messages[0]?.content).toEqual([
      { type: 'text', text: MISSING_IMAGE_TEXT },
      { type: 'text', text: 'And this?' },
    ]);
    const asked: string[] = [];
    setRemoteAttachments(async (id) => {
      asked.push(id);
      await store.attachments.put(parseAttachment({ id, mimeType: 'image/png' }), new Uint8Array([1, 2, 3]));
      return true;
    });
    try {
      const request = await resolveAttachments(store, planWith(content));
      expect(request.messages[0]?.content).toEqual([
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
        { type: 'text', text: 'And this?' },
      ]);
      await resolveAttachments(store, planWith(content));
      expect(asked).toEqual(['att-2']);
    } finally {
      setRemoteAttachments(null);
    }
  });
});
