import { type Kysely, sql } from 'kysely'

/**
 * Limits against abuse of two open services.
 *
 * Gas sponsorship counted per signed operation instead of per-day counters: each paymaster
 * signature reserves its operation's maximum cost until the signature's `valid_until`, and the
 * cost the EntryPoint actually charged replaces it once the operation is mined. A signature that
 * expired unused stops counting, so signing without sending cannot use up a project's day.
 *
 * The WalletConnect relay's mailbox: each message keeps its size, the IP and the project of the
 * socket that published it, so stored bytes can be capped per address, project and topic; and the
 * topics someone subscribed to, as only those keep messages for their full TTL.
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
  await db.schema
    .alterTable('wc_relay_messages')
    .addColumn('bytes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('project_id', 'text', (column) => column.notNull().defaultTo(''))
    .execute()
  await sql`update wc_relay_messages set bytes = octet_length(message)`.execute(db)
  await db.schema.createIndex('wc_relay_messages_ip').on('wc_relay_messages').column('ip').execute()
  await db.schema
    .createIndex('wc_relay_messages_project')
    .on('wc_relay_messages')
    .column('project_id')
    .execute()
  await db.schema
    .createTable('wc_relay_topics')
    .addColumn('topic', 'text', (column) => column.primaryKey())
    .addColumn('subscribed_at', 'timestamptz', (column) => column.notNull())
    .execute()
}
