import { z } from 'zod';

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

export const SharedMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(1_000_000),
  model: z.string().max(200).nullable().default(null),
  createdAt: z.string().max(40).nullable().default(null),
});
export type SharedMessage = z.output<typeof SharedMessageSchema>;

export const SharedChatSchema = z.object({
  chatId: z.string().min(1).max(200),
  title: z.string().max(300),
  model: z.string().max(200).nullable().default(null),
  createdAt: z.string().max(40),
  messages: z.array(SharedMessageSchema).min(1).max(5000),
});
export type SharedChat = z.output<typeof SharedChatSchema>;

export const ShareLinkSchema = z.object({
  id: z.string().min(1),
  chatId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  messages: z.number().int().nonnegative(),
});
export type ShareLink = z.output<typeof ShareLinkSchema>;

export const CreateShareResponseSchema = z.object({ share: ShareLinkSchema });
export const ShareListResponseSchema = z.object({ shares: z.array(ShareLinkSchema) });
export const PublicShareResponseSchema = z.object({ share: SharedChatSchema });

/** Whether `id` can be a share id (base64url, 22 characters: 128 random bits). */
export function isShareId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
