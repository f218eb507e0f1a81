import type { Kysely } from 'kysely'

/**
 * Gas sponsorship counted per signed operation instead of per-day counters: each paymaster
 * signature reserves its operation's maximum cost until the signature's `valid_until`, and the
 * cost the EntryPoint actually charged replaces it once the operation is mined. A signature that
 * expired unused stops counting, so signing without sending cannot use up a project's day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bundler_sponsorships').execute()
  await db.schema
    .createTable('bundler_sponsorship_reservations')
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('nonce', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('wei', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('valid_until', 'bigint', (column) => column.notNull())
    .addColumn('paid', 'boolean', (column) => column.notNull().defaultTo(false))
    // One operation per sender and nonce can ever be mined: signing it again replaces its reservation.
    .addPrimaryKeyConstraint('bundler_sponsorship_reservations_pk', ['sender', 'nonce'])
    .execute()
  await db.schema
    .createIndex('bundler_sponsorship_reservations_day')
    .on('bundler_sponsorship_reservations')
    .columns(['project_id', 'day'])
    .execute()
}
