import type { Message } from '../entities';
import { compareVersions, isDeleted } from './merge-order';

/**
 * A message as it syncs. Deleting a message inside a chat that syncs leaves a tombstone in the list
 * (`deletedAt` set, content dropped) instead of removing it, or another device's copy would bring
 * it back (MG6). The Message schema keeps unknown fields, so older parsers carry `deletedAt` along.
 */
export type SyncedMessage = Message & { deletedAt?: string | null };

/** The fields a message tombstone keeps: enough to place it and to know it is gone. */
const TOMBSTONE_FIELDS = [
  'schemaVersion',
  'id',
  // BR4: kept so the tombstone still hides the branch under it on every replica.
  'parentId',
  'role',
  'createdAt',
  'updatedAt',
  'deletedAt',
] as const;

export function isMessageDeleted(message: Message): boolean {
  return isDeleted(message as SyncedMessage);
}

/** A tombstone for `message` deleted at `at` (ISO); deleting a tombstone again changes nothing. */
export function deleteMessage(message: Message, at: string): SyncedMessage {
  if (isMessageDeleted(message)) return message;
  return normaliseMessage({
    ...message,
    deletedAt: at,
    updatedAt: at >= message.updatedAt ? at : message.updatedAt,
  });
}

/** Tombstones carry only TOMBSTONE_FIELDS and null content, so every replica stores the same one. */
export function normaliseMessage(message: SyncedMessage): SyncedMessage {
  if (!isDeleted(message)) return message;
  const kept: Record<string, unknown> = { content: null };
  for (const key of TOMBSTONE_FIELDS) if (message[key] !== undefined) kept[key] = message[key];
  return kept as SyncedMessage;
}

/** Two versions of one message: tombstone, else later updatedAt, else larger canonical JSON (MG3, MG6, MG8). */
export function mergeMessage(a: SyncedMessage, b: SyncedMessage): SyncedMessage {
  const left = normaliseMessage(a);
  const right = normaliseMessage(b);
  return compareVersions(left, right) >= 0 ? left : right;
}

/** Chat order: createdAt, then id (MG2). */
export function compareMessageOrder(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * The union of two message lists by id (MG1): a message on either side is in the result, a message
 * on both is merged (MG3, MG6), and the result is in chat order (MG2).
 */
export function mergeMessageLists(a: readonly Message[], b: readonly Message[]): SyncedMessage[] {
  const byId = new Map<string, SyncedMessage>();
  for (const message of [...a, ...b]) {
    const existing = byId.get(message.id);
    byId.set(
      message.id,
      existing === undefined ? normaliseMessage(message) : mergeMessage(existing, message),
    );
  }
  return [...byId.values()].sort(compareMessageOrder);
}

/** The messages a chat shows: tombstones left out. */
export function visibleMessages(messages: readonly Message[]): Message[] {
  return messages.filter((message) => !isMessageDeleted(message));
}
