import { type Kysely, sql } from 'kysely'

/** Announces each stored relay message as `<id>:<topic>`, so every instance can push it to its own subscribers. */
export const WC_RELAY_CHANNEL = 'portico_wc_relay'

/**
 * The WalletConnect relay's mailbox: every published message waits here until its TTL
 * ends, so a peer that is away (or connected to another instance, or back after a restart) still
 * gets it. A message is stored once per topic (its hash), and each client's acknowledgement is kept,
 * so a client is not sent again what it already took.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wc_relay_messages')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('message_hash', 'text', (column) => column.notNull())
    .addColumn('tag', 'bigint', (column) => column.notNull())
    .addColumn('attestation', 'text')
    .addColumn('publisher', 'text', (column) => column.notNull())
    .addColumn('published_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('wc_relay_messages_once', ['topic', 'message_hash'])
    .execute()
  await db.schema
    .createIndex('wc_relay_messages_expiry')
    .on('wc_relay_messages')
    .column('expires_at')
    .execute()
  await db.schema
    .createTable('wc_relay_acks')
    .addColumn('message_id', 'bigint', (column) =>
      column.notNull().references('wc_relay_messages.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('wc_relay_acks_pkey', ['message_id', 'client_id'])
    .execute()
  // Pruning deletes messages by id; without this the cascade would scan every acknowledgement.
  await sql`create index wc_relay_acks_message on wc_relay_acks (message_id)`.execute(db)
}
