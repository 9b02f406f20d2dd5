import { attachmentUrl } from '@parley/core/documents';
import { parseAttachment } from '@parley/core/entities';
import {
  buildImageRequest,
  imageSizes,
  readImageAnswer,
  type ImageData,
  type ImageProvider,
  type ImageSize,
} from '@parley/core/images';
import { errorFromFetchFailure, errorFromResponse, isProviderError } from '@parley/core/providers';
import type { StoragePort } from '@parley/core/storage';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import {
  GENERATE_IMAGE_FUNCTION,
  hasGptImageOptions,
  IMAGE_GENERATION_ID,
  type ImageSettings,
} from './image-settings';

export interface ImageSourceDeps {
  /** The tool's settings (its switch, model, size, quality). */
  settings: () => ImageSettings;
  /** The user's key and endpoint for a provider (null key: none set). */
  access: (provider: ImageProvider) => { apiKey: string | null; endpoint: string };
  fetch: typeof fetch;
  store: Pick<StoragePort, 'attachments'>;
  /** The chat the pictures belong to. */
  chatId: () => string | null;
  /** Keeps a stored picture's object URL, so the card shows it at once. */
  remember: (id: string, blob: Blob) => void;
}

export const TOOL: ChatTool = {
  definition: {
    name: GENERATE_IMAGE_FUNCTION,
    description:
      "Create a picture from a description with the user's image model. The picture is shown to the user in the " +
      'chat; describe it in words, never repeat it as data.',
    parameters: {
      type: 'object',
      properties: {
        prompt: { type: 'string', description: 'What the picture shows, in detail.' },
        size: {
          type: 'string',
          enum: [...imageSizes],
          description: 'Optional: square, landscape or portrait.',
        },
      },
      required: ['prompt'],
    },
  },
  origin: { kind: 'builtin', id: IMAGE_GENERATION_ID, title: 'Image generation', emoji: '🎨' },
  outputType: 'respond_to_ai',
};

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function contentId(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `att-${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Stores one picture as an attachment of the chat (synced and exported like a pasted one). */
async function storePicture(deps: ImageSourceDeps, image: ImageData, name: string): Promise<string> {
  const bytes = bytesOf(image.base64);
  const id = await contentId(bytes);
  const now = new Date().toISOString();
  const existing = await deps.store.attachments.get(id);
  if (!existing || existing.attachment.deletedAt) {
    await deps.store.attachments.put(
      parseAttachment({
        id,
        mimeType: image.mimeType,
        name,
        size: bytes.byteLength,
        chatID: deps.chatId(),
        createdAt: now,
        updatedAt: now,
      }),
      bytes,
    );
  }
  deps.remember(id, new Blob([bytes], { type: image.mimeType }));
  return id;
}

function fileName(prompt: string, index: number, mimeType: string): string {
  const words =
    prompt
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'image';
  const extension = mimeType === 'image/jpeg' ? 'jpg' : (mimeType.split('/')[1] ?? 'png');
  return `${words}${index > 0 ? `-${index + 1}` : ''}.${extension}`;
}

/** What one generation or edit asks for. */
export interface PictureRequest {
  prompt: string;
  /** A size the model asked for; else the settings'. */
  size?: ImageSize | undefined;
  /** Pictures to change with the prompt ("Edit this image", decision 0136). */
  images?: readonly ImageData[] | undefined;
}

/**
 * One generation or edit with the user's image model and key, as the tool runs it and as the
 * composer's "Create image" and an image card's "Edit this image" run it (decision 0136): the
 * pictures stored as attachments, the result an image cards display, or an error with the
 * provider's reason.
 */
export async function generatePictures(
  deps: ImageSourceDeps,
  asked: PictureRequest,
  signal: AbortSignal,
): Promise<ToolResult> {
  const prompt = asked.prompt.trim();
  if (prompt === '') return { status: 'error', message: 'generate_image needs a prompt.' };
  const settings = deps.settings();
  const { apiKey, endpoint } = deps.access(settings.provider);
  if (!apiKey) {
    return {
      status: 'error',
      message: `No API key for ${settings.provider}: add one in Settings to create pictures.`,
    };
  }
  const gptImage = hasGptImageOptions(settings.provider);
  const request = buildImageRequest({
    provider: settings.provider,
    endpoint,
    apiKey,
    model: settings.model,
    prompt,
    size: asked.size ?? settings.size,
    quality: settings.quality,
    ...(gptImage && { background: settings.background, n: settings.n }),
    images: asked.images,
  });
  let response: Response;
  try {
    response = await deps.fetch(request.url, { ...request.init, signal });
  } catch (failure) {
    const error = errorFromFetchFailure(
      settings.provider,
      failure,
      signal.aborted ? 'aborted' : undefined,
      false,
    );
    return { status: 'error', message: error.providerMessage };
  }
  const text = await response.text();
  if (!response.ok) {
    const error = errorFromResponse(settings.provider, response.status, text);
    return { status: 'error', message: describeError(error.code, error.providerMessage) };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 'error', message: 'The image provider answered with something that is not JSON.' };
  }
  const answer = readImageAnswer(settings.provider, body);
  if (answer.kind === 'refused')
    return { status: 'error', message: `Refused by the provider: ${answer.reason}` };
  try {
    const cards = [];
    for (const [index, image] of answer.images.entries()) {
      const name = fileName(prompt, index, image.mimeType);
      const id = await storePicture(deps, image, name);
      cards.push({ title: name, text: prompt, imageUrl: attachmentUrl(id) });
    }
    const verb = asked.images?.length ? 'Edited the picture into' : 'Created';
    return {
      status: 'ok',
      forModel: `${verb} ${cards.length} picture(s) with ${settings.model}; the user sees them in the chat.${
        answer.text ? ` The provider said: ${answer.text}` : ''
      }`,
      display: { kind: 'cards', cards },
    };
  } catch (failure) {
    const message = isProviderError(failure) ? failure.providerMessage : String(failure);
    return { status: 'error', message: `The picture could not be stored: ${message}` };
  }
}

/**
 * The built-in `generate_image` tool source (decision 0127): the user's image model with the user's
 * key; the pictures are stored as attachments and shown as image cards on the step.
 */
export function createImageSource(deps: ImageSourceDeps): ToolSource {
  return {
    async list() {
      return deps.settings().enabled ? [TOOL] : [];
    },
    async run(_tool, call, context): Promise<ToolResult> {
      const prompt = typeof call.arguments.prompt === 'string' ? call.arguments.prompt : '';
      const askedSize = call.arguments.size;
      const size = imageSizes.includes(askedSize as ImageSize) ? (askedSize as ImageSize) : undefined;
      return generatePictures(deps, { prompt, size }, context.signal);
    },
  };
}

/** IG8: a refusal with the provider's reason, spent credits as billing; the rest as the provider said. */
function describeError(code: string, message: string): string {
  if (code === 'content_filter') return `Refused by the provider's content policy: ${message}`;
  if (code === 'insufficient_quota')
    return `Billing: the provider's account cannot pay for this (${message})`;
  if (code === 'invalid_api_key') return `The API key was refused: ${message}`;
  if (code === 'rate_limited') return `Rate limited: ${message}`;
  return message;
}
