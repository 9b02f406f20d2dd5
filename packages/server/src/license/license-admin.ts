import { randomBytes, randomUUID } from 'node:crypto';
import { planDetails, type LicensePlan } from '@parley/core/license';
import type { OpenDatabase } from '../db';
import { LicenseError } from './license-errors';
import {
  canonicalLicenseKey,
  generateLicenseKey,
  hashLicenseKey,
  licenseKeyHint,
  type RandomBytes,
} from './license-key';
import { toLicenseRecord, type LicenseRecord } from './license-records';

export type LicenseAdminDeps = {
  database: OpenDatabase;
  clock?: () => number;
  newId?: () => string;
  random?: RandomBytes;
};

export type CreateLicenseInput = { plan: LicensePlan; maxDevices?: number; maxUsers?: number };

export type LicenseSummary = LicenseRecord & { linkedDevices: number };

/** Issuing, listing and revoking keys: what the operator does from the CLI. */
export class LicenseAdmin {
  private readonly database: OpenDatabase;
  private readonly clock: () => number;
  private readonly newId: () => string;
  private readonly random: RandomBytes;

  constructor(deps: LicenseAdminDeps) {
    this.database = deps.database;
    this.clock = deps.clock ?? Date.now;
    this.newId = deps.newId ?? randomUUID;
    this.random = deps.random ?? randomBytes;
  }

  /** Creates a license; the key is returned once and only its hash is stored (LS1). */
  async createLicense(input: CreateLicenseInput): Promise<{ key: string; license: LicenseRecord }> {
    const defaults = planDetails[input.plan];
    const maxDevices = input.maxDevices ?? defaults.defaultMaxDevices;
    const maxUsers = input.maxUsers ?? defaults.defaultMaxUsers;
    if (!Number.isInteger(maxDevices) || maxDevices < 1)
      throw new RangeError('devices must be a positive integer');
    if (!Number.isInteger(maxUsers) || maxUsers < 1) throw new RangeError('users must be a positive integer');

    const key = generateLicenseKey(this.random);
    const canonical = canonicalLicenseKey(key)!;
    const row = {
      id: this.newId(),
      key_hash: hashLicenseKey(canonical),
      key_hint: licenseKeyHint(canonical),
      plan: input.plan,
      max_devices: maxDevices,
      max_users: maxUsers,
      created_at: this.clock(),
      revoked_at: null,
    };
    await this.database.db.insertInto('licenses').values(row).execute();
    return { key, license: toLicenseRecord(row) };
  }

  async listLicenses(): Promise<LicenseSummary[]> {
    const rows = await this.database.db
      .selectFrom('licenses')
      .selectAll('licenses')
      .select((eb) =>
        eb
          .selectFrom('license_devices')
          .whereRef('license_devices.license_id', '=', 'licenses.id')
          .where('license_devices.unlinked_at', 'is', null)
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('linked_devices'),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...toLicenseRecord(row), linkedDevices: Number(row.linked_devices ?? 0) }));
  }

  /**
   * Revokes by id or key hint (the last 4 characters, any case). A hint shared by several keys is
   * refused with their ids, so the operator never revokes the wrong one. Revoking twice is harmless.
   */
  async revokeLicense(reference: string): Promise<LicenseRecord> {
    const { db } = this.database;
    const byId = await db.selectFrom('licenses').selectAll().where('id', '=', reference).execute();
    const matches = byId.length
      ? byId
      : await db.selectFrom('licenses').selectAll().where('key_hint', '=', reference.toUpperCase()).execute();
    const [match] = matches;
    if (!match) throw new LicenseError('license_not_found', `No license with id or key hint "${reference}".`);
    if (matches.length > 1) {
      const ids = matches.map((row) => row.id).join(', ');
      throw new LicenseError(
        'ambiguous_license',
        `Key hint "${reference}" matches several licenses: ${ids}. Use the id.`,
      );
    }
    if (match.revoked_at !== null) return toLicenseRecord(match);
    const revokedAt = this.clock();
    await db.updateTable('licenses').set({ revoked_at: revokedAt }).where('id', '=', match.id).execute();
    return toLicenseRecord({ ...match, revoked_at: revokedAt });
  }
}
