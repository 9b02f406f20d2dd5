import {
  aspectRatioOf,
  imageEndpoint,
  MAX_IMAGES_PER_REQUEST,
  type ImageBackground,
  type ImageProvider,
  type ImageQuality,
  type ImageSize,
} from './image-models';

/** A picture as bytes in base64 with its media type: a result, or an input to edit (IG4). */
export interface ImageData {
  readonly mimeType: string;
  readonly base64: string;
}

export interface ImageGenerationInput {
  readonly provider: ImageProvider;
  readonly endpoint?: string | undefined;
  readonly apiKey: string;
  readonly model: string;
  readonly prompt: string;
  readonly size?: ImageSize | undefined;
  readonly quality?: ImageQuality | undefined;
  readonly background?: ImageBackground | undefined;
  /** How many pictures (gpt-image only; the others make one). */
  readonly n?: number | undefined;
  /** Pictures to change with the prompt ("Edit this image"); none: a new picture. */
  readonly images?: readonly ImageData[] | undefined;
}

export interface ImageRequest {
  readonly url: string;
  readonly init: { method: 'POST'; headers: Record<string, string>; body: FormData | string };
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function extensionOf(mimeType: string): string {
  return mimeType === 'image/jpeg' ? 'jpg' : (mimeType.split('/')[1] ?? 'png');
}

/**
 * IG1-IG4: the request for one generation or edit. OpenAI: JSON to `/images/generations`, or a form
 * with `image[]` files to `/images/edits`; gpt-image always answers base64, so no `response_format`.
 * Gemini: `generateContent` with the IMAGE modality, pictures to edit as `inlineData` parts.
 * OpenRouter: chat completions with `modalities: ["image", "text"]`, pictures as data URLs.
 */
export function buildImageRequest(input: ImageGenerationInput): ImageRequest {
  const base = imageEndpoint(input.provider, input.endpoint);
  const prompt = input.prompt.trim();
  const size = input.size ?? 'auto';
  const images = input.images ?? [];
  if (input.provider === 'openai') {
    const n = Math.min(MAX_IMAGES_PER_REQUEST, Math.max(1, Math.round(input.n ?? 1)));
    const fields: Record<string, string> = { model: input.model, prompt };
    if (n !== 1) fields.n = String(n);
    if (size !== 'auto') fields.size = size;
    if (input.quality && input.quality !== 'auto') fields.quality = input.quality;
    if (input.background && input.background !== 'auto') fields.background = input.background;
    const auth = { Authorization: `Bearer ${input.apiKey}` };
    if (images.length === 0) {
      const body: Record<string, unknown> = { ...fields };
      if (n !== 1) body.n = n;
      return {
        url: `${base}/images/generations`,
        init: {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      };
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    images.forEach((image, index) => {
      const blob = new Blob([bytesOf(image.base64)], { type: image.mimeType });
      form.append('image[]', blob, `image-${index + 1}.${extensionOf(image.mimeType)}`);
    });
    return { url: `${base}/images/edits`, init: { method: 'POST', headers: auth, body: form } };
  }
  if (input.provider === 'gemini') {
    const parts: unknown[] = [
      { text: prompt },
      ...images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.base64 } })),
    ];
    const aspectRatio = aspectRatioOf(size);
    const generationConfig: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] };
    if (aspectRatio) generationConfig.imageConfig = { aspectRatio };
    return {
      url: `${base}/models/${input.model}:generateContent`,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-goog-api-key': input.apiKey },
        body: JSON.stringify({ contents: [{ role: 'user', parts }], generationConfig }),
      },
    };
  }
  const content: unknown[] = [
    { type: 'text', text: prompt },
    ...images.map((image) => ({
      type: 'image_url',
      image_url: { url: `data:${image.mimeType};base64,${image.base64}` },
    })),
  ];
  const body: Record<string, unknown> = {
    model: input.model,
    messages: [{ role: 'user', content }],
    modalities: ['image', 'text'],
    stream: false,
  };
  const aspectRatio = aspectRatioOf(size);
  if (aspectRatio) body.image_config = { aspect_ratio: aspectRatio };
  return {
    url: `${base}/chat/completions`,
    init: {
      method: 'POST',
      headers: { Authorization: `Bearer ${input.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  };
}
