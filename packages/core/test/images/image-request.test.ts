import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../src/providers';
import { buildImageRequest, readImageAnswer } from '../../src/images';

const PNG = 'iVBORw0KGgo=';

describe('image requests (IG1-IG4)', () => {
  it('IG1: OpenAI generations send JSON with only the options that differ from auto', () => {
    const request = buildImageRequest({
      provider: 'openai',
      apiKey: 'sk-test',
      model: 'gpt-image-1',
      prompt: ' a red fox ',
      size: '1536x1024',
      quality: 'high',
      background: 'auto',
      n: 2,
    });
    expect(request.url).toBe('https://api.openai.com/v1/images/generations');
    expect(request.init.headers).toMatchObject({ Authorization: 'Bearer sk-test' });
    expect(JSON.parse(request.init.body as string)).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox',
      n: 2,
      size: '1536x1024',
      quality: 'high',
    });
  });

  it('IG2: an edit is a form to /images/edits with the picture as image[]', async () => {
    const request = buildImageRequest({
      provider: 'openai',
      endpoint: 'http://127.0.0.1:9/v1/',
      apiKey: 'sk-test',
      model: 'gpt-image-1',
      prompt: 'make it blue',
      images: [{ mimeType: 'image/png', base64: PNG }],
    });
    expect(request.url).toBe('http://127.0.0.1:9/v1/images/edits');
    const form = request.init.body as FormData;
    expect(form.get('prompt')).toBe('make it blue');
    const file = form.get('image[]') as File;
    expect(file.name).toBe('image-1.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).toString('base64')).toBe(PNG);
    expect(request.init.headers['Content-Type']).toBeUndefined();
  });

  it('IG3: Gemini asks generateContent for an IMAGE modality, an edit as inlineData', () => {
    const request = buildImageRequest({
      provider: 'gemini',
      apiKey: 'g-key',
      model: 'gemini-2.5-flash-image',
      prompt: 'a fox',
      size: '1024x1536',
      images: [{ mimeType: 'image/png', base64: PNG }],
    });
    expect(request.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash-image:generateContent',
    );
    expect(request.init.headers['x-goog-api-key']).toBe('g-key');
    expect(JSON.parse(request.init.body as string)).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'a fox' }, { inlineData: { mimeType: 'image/png', data: PNG } }] },
      ],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '2:3' } },
    });
  });

  it('IG4: OpenRouter asks chat completions for image and text modalities', () => {
    const request = buildImageRequest({
      provider: 'openrouter',
      apiKey: 'or-key',
      model: 'google/gemini-2.5-flash-image',
      prompt: 'a fox',
    });
    expect(request.url).toBe('https://openrouter.ai/api/v1/chat/completions');
    expect(JSON.parse(request.init.body as string)).toEqual({
      model: 'google/gemini-2.5-flash-image',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'a fox' }] }],
      modalities: ['image', 'text'],
      stream: false,
    });
  });
});

describe('image answers (IG5-IG8)', () => {
  it('IG5: OpenAI b64_json pictures in the answer format, with the revised prompt', () => {
    expect(
      readImageAnswer('openai', {
        created: 1,
        output_format: 'webp',
        data: [{ b64_json: PNG, revised_prompt: 'a red fox in snow' }, { b64_json: PNG }],
      }),
    ).toEqual({
      kind: 'images',
      images: [
        { mimeType: 'image/webp', base64: PNG },
        { mimeType: 'image/webp', base64: PNG },
      ],
      text: 'a red fox in snow',
    });
  });

  it('IG6: Gemini inlineData parts are pictures; a block or a text-only answer is a refusal with its reason', () => {
    expect(
      readImageAnswer('gemini', {
        candidates: [
          {
            content: {
              parts: [{ text: 'Here it is' }, { inlineData: { mimeType: 'image/png', data: PNG } }],
            },
            finishReason: 'STOP',
          },
        ],
      }),
    ).toEqual({ kind: 'images', images: [{ mimeType: 'image/png', base64: PNG }], text: 'Here it is' });
    expect(readImageAnswer('gemini', { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } })).toEqual({
      kind: 'refused',
      reason: 'PROHIBITED_CONTENT',
    });
    expect(
      readImageAnswer('gemini', {
        candidates: [{ finishReason: 'IMAGE_SAFETY', finishMessage: 'Unable to show the generated image.' }],
      }),
    ).toEqual({ kind: 'refused', reason: 'Unable to show the generated image.' });
  });

  it('IG7: OpenRouter message.images data URLs are pictures', () => {
    expect(
      readImageAnswer('openrouter', {
        choices: [
          {
            message: {
              content: 'A fox.',
              images: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }],
            },
          },
        ],
      }),
    ).toEqual({ kind: 'images', images: [{ mimeType: 'image/png', base64: PNG }], text: 'A fox.' });
    expect(
      readImageAnswer('openrouter', { choices: [{ message: { content: 'I cannot draw that.' } }] }),
    ).toEqual({
      kind: 'refused',
      reason: 'I cannot draw that.',
    });
  });

  it('IG8: moderation_blocked is content_filter with the provider reason; spent credits are billing', () => {
    const refused = errorFromResponse(
      'openai',
      400,
      JSON.stringify({
        error: {
          message: 'Your request was rejected by the safety system.',
          type: 'image_generation_user_error',
          param: null,
          code: 'moderation_blocked',
        },
      }),
    );
    expect(refused.code).toBe('content_filter');
    expect(refused.providerMessage).toBe('Your request was rejected by the safety system.');
    const billing = errorFromResponse(
      'openai',
      400,
      JSON.stringify({
        error: {
          message: 'Billing hard limit has been reached',
          type: 'invalid_request_error',
          code: 'billing_hard_limit_reached',
        },
      }),
    );
    expect(billing.code).toBe('insufficient_quota');
  });
});

describe('stored pictures', () => {
  it("a generate_image result's cards count as the chat's attachments (synced and kept, DO9)", async () => {
    const { attachmentIdsOf } = await import('../../src/documents');
    const ids = attachmentIdsOf([
      {
        content: '',
        toolRun: {
          status: 'ok',
          durationMs: 1,
          arguments: '{}',
          display: {
            kind: 'cards',
            cards: [
              { title: 'fox.png', imageUrl: 'attachment:att-fox' },
              { title: 'link', imageUrl: 'https://example.com/x.png' },
            ],
          },
        },
      },
    ]);
    expect([...ids]).toEqual(['att-fox']);
  });
});
