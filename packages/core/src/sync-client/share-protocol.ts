import { z } from 'zod/mini';

/**
 * Public share links: a read-only snapshot of the visible path of one chat, kept on the user's
 * sync server, readable by anyone with its unguessable link until revoked. Shared by the server
 * routes, the app and the public page.
 */
export const SHARE_PATHS = {
  /** POST (create), GET (the caller's links). */
  mine: '/api/shares',
  /** GET, no sign-in: one shared chat, `${publicOne}/${id}`. */
  publicOne: '/api/public/shares',
} as const;

/** Where the public page lives: `/s/<id>`. */
export const SHARE_PAGE_PREFIX = '/s/';

/** SL3: at most this much JSON per shared chat. */
export const SHARE_MAX_BYTES = 5 * 1024 * 1024;
/** SL3: links per user. */
export const SHARES_PER_USER = 500;

/** SL8: the bounds of a snapshot's strings and lists. */
export const SHARE_LIMITS = {
  chatId: 200,
  title: 300,
  model: 200,
  content: 1_000_000,
  messages: 5000,
} as const;

/** SL8: an ISO 8601 date and time (`2026-11-25T10:00:00.000Z`); anything else is refused. */
export const ShareDateSchema = z.iso.datetime({ offset: true });

/** SL8: strict: ISO dates, bounded strings and lists, no field the page does not know. */
export const SharedMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().check(z.maxLength(SHARE_LIMITS.content)),
  model: z._default(z.nullable(z.string().check(z.maxLength(SHARE_LIMITS.model))), null),
  createdAt: z._default(z.nullable(ShareDateSchema), null),
});
export type SharedMessage = z.output<typeof SharedMessageSchema>;

export const SharedChatSchema = z.strictObject({
  chatId: z.string().check(z.minLength(1), z.maxLength(SHARE_LIMITS.chatId)),
  title: z.string().check(z.maxLength(SHARE_LIMITS.title)),
  model: z._default(z.nullable(z.string().check(z.maxLength(SHARE_LIMITS.model))), null),
  createdAt: ShareDateSchema,
  messages: z.array(SharedMessageSchema).check(z.minLength(1), z.maxLength(SHARE_LIMITS.messages)),
});
export type SharedChat = z.output<typeof SharedChatSchema>;

export const ShareLinkSchema = z.object({
  id: z.string().check(z.minLength(1)),
  chatId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  messages: z.number().check(z.int(), z.nonnegative()),
});
export type ShareLink = z.output<typeof ShareLinkSchema>;

export const CreateShareResponseSchema = z.object({ share: ShareLinkSchema });
export const ShareListResponseSchema = z.object({ shares: z.array(ShareLinkSchema) });
export const PublicShareResponseSchema = z.object({ share: SharedChatSchema });

/** Whether `id` can be a share id (base64url, 22 characters: 128 random bits). */
export function isShareId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
