import { z } from 'zod/mini';
import { HostedPlanSchema } from '../hosted';

/** Account calls of the sync server (`/api/auth/*`, `/api/hosted/users/self`). Rules: SPEC.md (PR9). */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;

export const CredentialsSchema = z.object({
  /** Compared and stored lower-cased. */
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email()),
  password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH), z.maxLength(MAX_PASSWORD_LENGTH)),
});
export type Credentials = z.output<typeof CredentialsSchema>;

export const CloudUserSchema = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });
export type CloudUser = z.output<typeof CloudUserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: CloudUserSchema });
export type AuthResponse = z.output<typeof AuthResponseSchema>;

export const HostedUserSelfSchema = z.object({
  user: CloudUserSchema,
  totalUsageBytes: z.number(),
  limitUsageBytes: z.number(),
  isPaid: z.boolean(),
  /** The caller's role on the server (member, content-moderator, admin); absent from older servers. */
  role: z.optional(z.string()),
  /** Models the organisation offers: the member's limits and what is used (absent from older servers). */
  hosted: z.optional(HostedPlanSchema),
});
export type HostedUserSelf = z.output<typeof HostedUserSelfSchema>;

/** `GET /api/auth/methods` (server `src/sso/SPEC.md` SSO1): how this server lets people sign in. */
export const AuthMethodsSchema = z.object({
  password: z.boolean(),
  /** Single sign-on: the button's label and the server's route that starts it; null: none. */
  sso: z.nullable(
    z.object({ label: z.string().check(z.maxLength(200)), startUrl: z.string().check(z.startsWith('/')) }),
  ),
});
export type AuthMethods = z.output<typeof AuthMethodsSchema>;

/** What an older server, which cannot say, offers: passwords only. */
export const PASSWORD_ONLY: AuthMethods = { password: true, sso: null };
