import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * A text column read as its UTF-8 bytes, a Buffer on both databases: for JSON that is sent as it
 * is stored, which then never becomes a JavaScript string to be encoded again (decision 0158).
 * SQLite stores text as UTF-8, and a cast to blob hands over those bytes; PostgreSQL encodes it.
 */
export function textAsBytes(db: Kysely<Database>, column: `${string}.${string}`): RawBuilder<Buffer> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<Buffer>`convert_to(${sql.ref(column)}, 'UTF8')`
    : sql<Buffer>`cast(${sql.ref(column)} as blob)`;
}
