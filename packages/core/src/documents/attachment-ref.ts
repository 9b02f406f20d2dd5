import type { Message, MessagePart } from '../entities';
import type { ChatMessageInput, MessagePart as InputPart } from '../providers';

/**
 * DO6: an image part in a stored chat points at its bytes in the attachments table by id
 * (`attachment:<id>`); the data URL is made only for the request, so the chat record stays small
 * (decision 0046).
 */
export const ATTACHMENT_URL_PREFIX = 'attachment:';

export function attachmentUrl(id: string): string {
  return `${ATTACHMENT_URL_PREFIX}${id}`;
}

export function attachmentIdOfUrl(url: string): string | undefined {
  return url.startsWith(ATTACHMENT_URL_PREFIX) ? url.slice(ATTACHMENT_URL_PREFIX.length) : undefined;
}

/**
 * The attachment ids the parts of `messages` point at, and the pictures a tool stored (a
 * `generate_image` result's cards, decision 0127), so both are synced and kept.
 */
export function attachmentIdsOf(messages: readonly Pick<Message, 'content' | 'toolRun'>[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    const display = message.toolRun?.display;
    if (display?.kind === 'cards') {
      for (const card of display.cards) {
        const id = card.imageUrl ? attachmentIdOfUrl(card.imageUrl) : undefined;
        if (id) ids.add(id);
      }
    }
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as MessagePart[]) {
      if (part.type !== 'image_url') continue;
      const id = attachmentIdOfUrl(part.image_url.url);
      if (id) ids.add(id);
    }
  }
  return ids;
}

/** An attachment's bytes as the request needs them. */
export interface LoadedAttachment {
  mimeType: string;
  base64: string;
}

/** Said to the model in place of an image whose bytes are not on this device (or not synced yet). */
export const MISSING_IMAGE_TEXT = '[An image was attached here but is not available on this device.]';
/** Said to the model in place of an image when the model cannot see images (DO8). */
export const IMAGE_NOT_SENT_TEXT = '[An image was attached here; this model cannot see images.]';

/**
 * DO7: the request's messages with every `attachment:` image made a data URL; DO8: for a model that
 * cannot see images, each image becomes a short note so the text still makes sense.
 */
export async function resolveAttachmentImages(
  messages: readonly ChatMessageInput[],
  load: (id: string) => Promise<LoadedAttachment | undefined>,
  vision: boolean,
): Promise<ChatMessageInput[]> {
  const resolved: ChatMessageInput[] = [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) {
      resolved.push(message);
      continue;
    }
    const parts: InputPart[] = [];
    for (const part of message.content as readonly InputPart[]) {
      if (part.type !== 'image_url') {
        parts.push(part);
        continue;
      }
      if (!vision) {
        parts.push({ type: 'text', text: IMAGE_NOT_SENT_TEXT });
        continue;
      }
      const id = attachmentIdOfUrl(part.image_url.url);
      if (id === undefined) {
        parts.push(part);
        continue;
      }
      const loaded = await load(id);
      parts.push(
        loaded
          ? { type: 'image_url', image_url: { url: `data:${loaded.mimeType};base64,${loaded.base64}` } }
          : { type: 'text', text: MISSING_IMAGE_TEXT },
      );
    }
    resolved.push({ ...message, content: parts });
  }
  return resolved;
}
