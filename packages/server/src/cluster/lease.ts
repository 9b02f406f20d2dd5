import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * CL4: takes or renews the lease `name` for `holder` until `now + ttlMs`. It is free when no one
 * holds it, when its holder's time ran out (a killed process renews nothing) or when `holder`
 * holds it already. One upsert: the database decides between processes that ask at once.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const row = await db
    .insertInto('cluster_leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([eb('cluster_leases.expires_at', '<=', now), eb('cluster_leases.holder', '=', holder)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up early (the job is done), if `holder` still holds it. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('cluster_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** A lease as a job holds it: take (or renew) before each step, release when done. */
export type JobLease = {
  take(): Promise<boolean>;
  release(): Promise<void>;
};

export function jobLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ttlMs: number,
  clock: () => number = Date.now,
): JobLease {
  return {
    take: () => takeLease(db, name, holder, clock(), ttlMs),
    release: () => releaseLease(db, name, holder),
  };
}

/**
 * CL5: true for exactly one caller, in any process, per `periodMs` for `name` (a lease that no one
 * renews: each claim has a holder of its own, so not even its own process takes it again early).
 */
export function claimOncePer(
  db: Kysely<Database>,
  name: string,
  claimId: string,
  now: number,
  periodMs: number,
): Promise<boolean> {
  return takeLease(db, name, claimId, now, periodMs);
}
