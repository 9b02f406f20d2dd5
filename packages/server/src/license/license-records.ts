import { licensePlanSchema, type LicensePlan } from '@parley/core/license';
import type { Selectable } from 'kysely';
import type { LicenseDevicesTable, LicensesTable } from '../db';

export type LicenseRecord = {
  id: string;
  keyHint: string;
  plan: LicensePlan;
  maxDevices: number;
  maxUsers: number;
  createdAt: number;
  revokedAt: number | null;
};

/** A linked device as the License Manager shows it. Times are epoch milliseconds. */
export type LicenseDeviceView = {
  deviceId: string;
  deviceName: string;
  /** Who uses it, as its activation named them; null when it named nobody (LS11). */
  userName: string | null;
  activatedAt: number;
  lastSeenAt: number;
  /** True for the device whose token asked. */
  current: boolean;
};

export function toLicenseRecord(row: Selectable<LicensesTable>): LicenseRecord {
  return {
    id: row.id,
    keyHint: row.key_hint,
    // Rows are written by this code only; a bad plan means a corrupted row, so fail loudly.
    plan: licensePlanSchema.parse(row.plan),
    maxDevices: row.max_devices,
    maxUsers: row.max_users,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export function toDeviceView(
  row: Selectable<LicenseDevicesTable>,
  currentActivationId: string,
): LicenseDeviceView {
  return {
    deviceId: row.device_id,
    deviceName: row.device_name,
    userName: row.user_name,
    activatedAt: row.activated_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentActivationId,
  };
}
