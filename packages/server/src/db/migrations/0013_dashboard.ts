import { type Kysely, sql } from 'kysely'

/**
 * The operator dashboard: its login sessions, kept only as keyed hashes of their
 * tokens, and one failed-login counter per client IP, so every instance on the database enforces
 * the same limit and a logout ends the session everywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('dashboard_sessions_expires')
    .on('dashboard_sessions')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('dashboard_login_attempts')
    .addColumn('ip', 'text', (column) => column.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .execute()
}
