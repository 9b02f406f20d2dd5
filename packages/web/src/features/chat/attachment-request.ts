import { canSeeImages, resolveAttachmentImages } from '@parley/core/documents';
import type { StoragePort } from '@parley/core/storage';
import type { ReadyChatPlan } from './answer-plan';
import { loadAttachment } from './attachment-source';

/** Bytes → base64 in slices (a spread of a large array would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) {
    binary += String.fromCharCode(...bytes.subarray(i, i + slice));
  }
  return btoa(binary);
}

/**
 * DO7: the request with each attached image read from the attachments store as a data URL; a model
 * without vision gets a note in its place (DO8). Chats without images are returned as they are.
 */
export async function resolveAttachments(
  store: Pick<StoragePort, 'attachments'>,
  plan: ReadyChatPlan,
): Promise<ReadyChatPlan['request']> {
  const { request } = plan;
  const hasImages = request.messages.some(
    (message) => Array.isArray(message.content) && message.content.some((part) => part.type === 'image_url'),
  );
  if (!hasImages) return request;
  const messages = await resolveAttachmentImages(
    request.messages,
    async (id) => {
      const stored = await loadAttachment(store, id);
      if (!stored) return undefined;
      return { mimeType: stored.attachment.mimeType, base64: toBase64(stored.data) };
    },
    canSeeImages(plan.model),
  );
  return { ...request, messages };
}
