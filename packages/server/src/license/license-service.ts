import { randomUUID } from 'node:crypto';
import {
  licenseMessages,
  planDetails,
  verifyLicenseToken,
  type LicenseTokenClaims,
} from '@parley/core/license';
import type { OpenDatabase } from '../db';
import { LicenseError } from './license-errors';
import { canonicalLicenseKey, hashLicenseKey } from './license-key';
import { toDeviceView, toLicenseRecord, type LicenseDeviceView, type LicenseRecord } from './license-records';
import { seatUser } from './license-seats';
import { signLicenseToken } from './license-token-signer';
import type { LicenseSigningKey, PublicLicenseJwk } from './signing-key';

export type LicenseServiceDeps = {
  database: OpenDatabase;
  signingKey: LicenseSigningKey;
  clock?: () => number;
  newId?: () => string;
};

export type ActivationInput = {
  key: string;
  deviceId: string;
  deviceName: string;
  /** Who uses the device (a name or email); counted against the key's users (LS11). */
  userName?: string | undefined;
};

/** A verified token whose device link is still live (LS5, LS6). */
export type AuthenticatedDevice = { claims: LicenseTokenClaims; license: LicenseRecord };

export type LicenseDeviceList = {
  license: { keyHint: string; plan: LicenseRecord['plan']; maxDevices: number; maxUsers: number };
  devices: LicenseDeviceView[];
};

/** Activation and device management for the license routes (rules LS2-LS8 in SPEC.md). */
export class LicenseService {
  private readonly database: OpenDatabase;
  private readonly signingKey: LicenseSigningKey;
  private readonly clock: () => number;
  private readonly newId: () => string;

  constructor(deps: LicenseServiceDeps) {
    this.database = deps.database;
    this.signingKey = deps.signingKey;
    this.clock = deps.clock ?? Date.now;
    this.newId = deps.newId ?? randomUUID;
  }

  publicJwk(): PublicLicenseJwk {
    return this.signingKey.publicJwk;
  }

  /**
   * Links a device to the key and returns a token for it (LS2). A device already linked gets a
   * fresh token on its existing link, using no slot (LS3); a new device over the limit is refused (LS4),
   * and so is a device of one user more than the key allows (LS11).
   */
  async activate(input: ActivationInput): Promise<{ token: string }> {
    const canonical = canonicalLicenseKey(input.key);
    if (!canonical) throw new LicenseError('invalid_key', licenseMessages.invalidKey);
    const now = this.clock();

    const { license, activationId } = await this.database.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('licenses').selectAll().where('key_hash', '=', hashLicenseKey(canonical));
      // PostgreSQL: lock the license row so concurrent activations of one key count devices in
      // turn. SQLite runs one write transaction at a time anyway (and has no FOR UPDATE).
      if (this.database.dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row || row.revoked_at !== null) throw new LicenseError('invalid_key', licenseMessages.invalidKey);

      const linked = await trx
        .selectFrom('license_devices')
        .selectAll()
        .where('license_id', '=', row.id)
        .where('unlinked_at', 'is', null)
        .execute();
      const existing = linked.find((device) => device.device_id === input.deviceId);
      if (existing) {
        const userName = seatUser({
          links: linked,
          ownLink: existing,
          requested: input.userName,
          maxUsers: row.max_users,
        });
        await trx
          .updateTable('license_devices')
          .set({ last_seen_at: now, device_name: input.deviceName, user_name: userName })
          .where('id', '=', existing.id)
          .execute();
        return { license: toLicenseRecord(row), activationId: existing.id };
      }
      if (linked.length >= row.max_devices) {
        throw new LicenseError('device_limit', licenseMessages.deviceLimitReached);
      }
      const userName = seatUser({ links: linked, requested: input.userName, maxUsers: row.max_users });
      const id = this.newId();
      await trx
        .insertInto('license_devices')
        .values({
          id,
          license_id: row.id,
          device_id: input.deviceId,
          device_name: input.deviceName,
          user_name: userName,
          activated_at: now,
          last_seen_at: now,
          unlinked_at: null,
        })
        .execute();
      return { license: toLicenseRecord(row), activationId: id };
    });

    const token = await signLicenseToken(
      this.signingKey,
      {
        licenseId: license.id,
        plan: license.plan,
        features: planDetails[license.plan].features,
        deviceId: input.deviceId,
        keyHint: license.keyHint,
        activationId,
      },
      now,
    );
    return { token };
  }

  /**
   * Accepts a token only if its signature verifies and its device link and license are still
   * live (LS5, LS8); records that the device was seen.
   */
  async authenticate(token: string): Promise<AuthenticatedDevice> {
    const verified = await verifyLicenseToken(token, this.signingKey.publicJwk, { now: this.clock() });
    const refused = new LicenseError(
      'invalid_token',
      'This license token is no longer valid. Enter your license key again.',
    );
    if (!verified.valid) throw refused;
    const { claims } = verified;
    const { db } = this.database;
    const row = await db
      .selectFrom('license_devices')
      .innerJoin('licenses', 'licenses.id', 'license_devices.license_id')
      .selectAll('licenses')
      .select(['license_devices.device_id', 'license_devices.unlinked_at'])
      .where('license_devices.id', '=', claims.activationId)
      .executeTakeFirst();
    if (
      !row ||
      row.id !== claims.licenseId ||
      row.device_id !== claims.deviceId ||
      row.unlinked_at !== null ||
      row.revoked_at !== null
    ) {
      throw refused;
    }
    await db
      .updateTable('license_devices')
      .set({ last_seen_at: this.clock() })
      .where('id', '=', claims.activationId)
      .execute();
    return { claims, license: toLicenseRecord(row) };
  }

  /** The devices linked to the caller's key, oldest first (LS6). */
  async listDevices(caller: AuthenticatedDevice): Promise<LicenseDeviceList> {
    const rows = await this.database.db
      .selectFrom('license_devices')
      .selectAll()
      .where('license_id', '=', caller.license.id)
      .where('unlinked_at', 'is', null)
      .orderBy('activated_at')
      .orderBy('id')
      .execute();
    return {
      license: {
        keyHint: caller.license.keyHint,
        plan: caller.license.plan,
        maxDevices: caller.license.maxDevices,
        maxUsers: caller.license.maxUsers,
      },
      devices: rows.map((row) => toDeviceView(row, caller.claims.activationId)),
    };
  }

  /** Frees the slot of one device of the caller's key; devices of other keys are not found (LS5, LS6). */
  async unlinkDevice(caller: AuthenticatedDevice, deviceId: string): Promise<void> {
    const result = await this.database.db
      .updateTable('license_devices')
      .set({ unlinked_at: this.clock() })
      .where('license_id', '=', caller.license.id)
      .where('device_id', '=', deviceId)
      .where('unlinked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new LicenseError('device_not_found', 'That device is not linked to this license key.');
    }
  }
}
