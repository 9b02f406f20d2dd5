import { describe, expect, it } from 'vitest';
import {
  CUT_MARKER,
  IMAGE_NOT_SENT_TEXT,
  MISSING_IMAGE_TEXT,
  attachmentIdsOf,
  attachmentUrl,
  cutToChars,
  cutToTokens,
  documentKindOf,
  fitImageSize,
  imageLimitsFor,
  resolveAttachmentImages,
  suggestVisionModel,
} from '../../src/documents';
import { estimateTokens } from '../../src/models';
import type { ChatMessageInput } from '../../src/providers/chat-request';

describe('documents', () => {
  it('DO1 accepts exactly the listed types, by extension, in any case', () => {
    expect(documentKindOf('Report.PDF')).toBe('pdf');
    expect(documentKindOf('notes.md')).toBe('text');
    expect(documentKindOf('data.json')).toBe('text');
    expect(documentKindOf('photo.jpeg')).toBe('image');
    expect(documentKindOf('sheet.xlsx')).toBe('xlsx');
    expect(documentKindOf('page.html')).toBe('html');
    expect(documentKindOf('slides.pptx')).toBeUndefined();
    expect(documentKindOf('page.htm')).toBeUndefined();
    expect(documentKindOf('README')).toBeUndefined();
  });

  it('DO4 cuts a document to fit a token budget with a visible marker', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `Line ${i} of the report.`).join('\n');
    const cut = cutToTokens(text, 500);
    expect(cut.endsWith(CUT_MARKER)).toBe(true);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(500);
    expect(cut.startsWith('Line 0 of the report.')).toBe(true);
    expect(cutToTokens('short', 500)).toBe('short');
    expect(cutToChars('abcdef', 3)).toEqual({ text: `abc\n\n${CUT_MARKER}`, cut: true });
  });

  it('DO5 scales an image down to the provider limit, never up', () => {
    // A 12-megapixel photo (4000 × 3000).
    const anthropic = fitImageSize(4000, 3000, imageLimitsFor('anthropic'));
    expect(anthropic.scaled).toBe(true);
    expect(Math.max(anthropic.width, anthropic.height)).toBeLessThanOrEqual(1568);
    expect((anthropic.width * anthropic.height) / 1e6).toBeLessThanOrEqual(1.15);
    const openai = fitImageSize(4000, 3000, imageLimitsFor('openai'));
    expect(openai.width).toBe(2048);
    expect(fitImageSize(800, 600, imageLimitsFor('gemini'))).toEqual({
      width: 800,
      height: 600,
      scaled: false,
    });
    expect(imageLimitsFor('custom')).toEqual(imageLimitsFor('openai'));
  });

  it('DO6, DO7 stored parts point at attachments; the request gets data URLs', async () => {
    const messages: ChatMessageInput[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: attachmentUrl('att-a') } },
          { type: 'image_url', image_url: { url: attachmentUrl('att-gone') } },
        ],
      },
    ];
    expect([...attachmentIdsOf([{ content: messages[0]!.content as never }])]).toEqual(['att-a', 'att-gone']);
    const load = async (id: string) =>
      id === 'att-a' ? { mimeType: 'image/png', base64: 'AAAA' } : undefined;
    const [resolved] = await resolveAttachmentImages(messages, load, true);
    expect(resolved?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'text', text: MISSING_IMAGE_TEXT },
    ]);
    const [blind] = await resolveAttachmentImages(messages, load, false);
    expect(blind?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'text', text: IMAGE_NOT_SENT_TEXT },
      { type: 'text', text: IMAGE_NOT_SENT_TEXT },
    ]);
  });

  it('DO8 offers a current vision model of the same provider', () => {
    expect(suggestVisionModel({ provider: 'anthropic' })?.provider).toBe('anthropic');
    expect(suggestVisionModel({ provider: 'anthropic' })?.visionSupported).toBe(true);
  });
});
