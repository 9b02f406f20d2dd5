import { z } from 'zod';

export type ScimSettings = {
  /** SCIM_TOKEN: the identity provider's bearer token; absent: SCIM is off (404). Never logged. */
  token: string | undefined;
  /** SC7: members of the group with this displayName are admins (SCIM_ADMIN_GROUP). */
  adminGroup: string | undefined;
  /** SC7: members of this group are content-moderators (SCIM_MODERATOR_GROUP). */
  moderatorGroup: string | undefined;
};

export const SCIM_DISABLED: ScimSettings = {
  token: undefined,
  adminGroup: undefined,
  moderatorGroup: undefined,
};

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text?.trim() ? text.trim() : undefined));

export const scimEnvShape = {
  /** At least 32 characters (a long random secret: `openssl rand -base64 32`). */
  SCIM_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 32, {
    message: 'must be at least 32 characters (for example: openssl rand -base64 32)',
  }),
  SCIM_ADMIN_GROUP: optionalText,
  SCIM_MODERATOR_GROUP: optionalText,
};

type ScimEnv = { [K in keyof typeof scimEnvShape]: z.output<(typeof scimEnvShape)[K]> };

export function scimSettingsFrom(env: ScimEnv): ScimSettings {
  return {
    token: env.SCIM_TOKEN,
    adminGroup: env.SCIM_ADMIN_GROUP,
    moderatorGroup: env.SCIM_MODERATOR_GROUP,
  };
}
