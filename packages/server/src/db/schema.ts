import type { Generated } from 'kysely';

/**
 * Row types of every table, shared by SQLite and PostgreSQL. Conventions that keep both identical:
 * text ids, timestamps as integer epoch milliseconds (bigint columns read back as numbers), no
 * booleans (a nullable timestamp says when something stopped), JSON stored as text.
 */
export type Database = {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  licenses: LicensesTable;
  license_devices: LicenseDevicesTable;
};

export type UsersTable = {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string;
  created_at: number;
  /** Defaults to 100 MB. */
  limit_usage_bytes: Generated<number>;
  /** Defaults to 0. */
  total_usage_bytes: Generated<number>;
};

export type AuthTokensTable = {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  revoked_at: number | null;
};

export type LicensesTable = {
  id: string;
  /** SHA-256 of the canonical license key; unique. */
  key_hash: string;
  /** Last 4 characters of the key, to tell keys apart in lists. */
  key_hint: string;
  plan: string;
  max_devices: number;
  max_users: number;
  created_at: number;
  revoked_at: number | null;
};

/** One row per link of a device to a license; unlinking ends the row, linking again adds one. */
export type LicenseDevicesTable = {
  /** The activation id carried by the device's license tokens. */
  id: string;
  license_id: string;
  device_id: string;
  device_name: string;
  activated_at: number;
  last_seen_at: number;
  unlinked_at: number | null;
};
