import type { Kysely } from 'kysely';

// Teams (issue #37): models the organisation offers (src/hosted/SPEC.md HM*, decisions 0116-0118).
// Provider keys are stored sealed (AES-256-GCM under PARLEY_SECRET_KEY, its id beside the value).
// Limits and their counters live here, not in a process, so every server process enforces the same
// ones; counters are rows per scope and UTC window, added to by atomic upserts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hosted_providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('api_type', 'text', (col) => col.notNull())
    .addColumn('sealed_key', 'text', (col) => col.notNull())
    .addColumn('key_id', 'text', (col) => col.notNull())
    .addColumn('key_hint', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('disabled_at', 'bigint')
    .execute();
  await db.schema
    .createTable('hosted_models')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider_row_id', 'text', (col) =>
      col.notNull().references('hosted_providers.id').onDelete('cascade'),
    )
    .addColumn('model_id', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('context_length', 'integer', (col) => col.notNull())
    .addColumn('pricing', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('disabled_at', 'bigint')
    .execute();
  await db.schema
    .createTable('hosted_limits')
    .addColumn('scope', 'text', (col) => col.primaryKey())
    .addColumn('limits', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('hosted_counters')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('requests', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cost_micros', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('hosted_counters_pk', ['scope', 'period', 'window_start'])
    .execute();
  await db.schema
    .createTable('hosted_usage')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('model_id', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('prompt_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cost_micros', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('hosted_usage_time').on('hosted_usage').columns(['created_at']).execute();
  await db.schema
    .createIndex('hosted_usage_user_time')
    .on('hosted_usage')
    .columns(['user_id', 'created_at'])
    .execute();
}
