import type { Kysely } from 'kysely'

/**
 * The dashboard's failed logins counted per client IP and browser (a random cookie the login form
 * sets) instead of per IP alone: behind a proxy every visitor shares an IP, and five wrong
 * passwords from anyone kept the operator out. A pair past its free failures waits a short,
 * growing time before its next attempt (`blocked_until`); other browsers are not held.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_login_attempts').execute()
  await db.schema
    .createTable('dashboard_login_failures')
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('browser', 'text', (column) => column.notNull())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('blocked_until', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('dashboard_login_failures_pk', ['ip', 'browser'])
    .execute()
  await db.schema
    .createIndex('dashboard_login_failures_blocked_until')
    .on('dashboard_login_failures')
    .column('blocked_until')
    .execute()
}
