import type { Kysely } from 'kysely';

// Teams (issue #37), scale out: what several server processes on one database must share
// (src/cluster/SPEC.md, decision 0119). Leases say which process runs a job that must run once
// (CL4); rate-limit windows and byte budgets count every process's requests together (CL2, CL3).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', 'text', (col) => col.primaryKey())
    .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
    .addColumn('hits', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_end')
    .on('rate_limit_windows')
    .column('window_ends_at')
    .execute();
  await db.schema
    .createTable('byte_budgets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('tokens', 'double precision', (col) => col.notNull())
    .addColumn('refilled_at', 'bigint', (col) => col.notNull())
    .addColumn('last_spent', 'bigint', (col) => col.notNull())
    .execute();
}
