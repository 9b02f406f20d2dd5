import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

export const USER_PROFILE_SCHEMA_VERSION = 1;
export const DEFAULT_PROFILE_NAME = 'Unnamed';

const userProfileShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  name: z._default(z.string(), DEFAULT_PROFILE_NAME),
  picURL: z._default(z.string(), ''),
  /** What the user tells the model about themselves. */
  information: z._default(z.string(), ''),
  customInstruction: z._default(z.string(), ''),
  /** Exactly one profile is current at a time (the store does not enforce it; the profile screen does). */
  isCurrent: z._default(z.boolean(), false),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const UserProfileSchema = z.object(userProfileShape);
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const userProfileEntity = defineEntity({
  name: 'user profile',
  version: USER_PROFILE_SCHEMA_VERSION,
  shape: userProfileShape,
  keepUnknownFields: true,
});

export const parseUserProfile = userProfileEntity.parse;
export const safeParseUserProfile = userProfileEntity.safeParse;
