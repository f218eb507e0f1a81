import type { Kysely } from 'kysely'

/**
 * Device-approval polls counted per client IP and per device (`ip:…`, `device:…`), one row each,
 * so every instance on the database enforces the same limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('embedded_poll_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
    .addColumn('polls', 'integer', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('embedded_poll_limits_window')
    .on('embedded_poll_limits')
    .column('window_started_at')
    .execute()
}
