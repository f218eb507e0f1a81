import { type Kysely, sql } from 'kysely'

/**
 * The accounts the indexer follows, and the backfill of each from the node's standard JSON-RPC.
 * Storage grows with the accounts watched, not with the chain: the head reads only what involves
 * a watched account, and an account's past is read once, when it is first watched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_watched_addresses')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) =>
      column.notNull().check(sql`reason in ('embedded', 'smart_account', 'dapp', 'demo')`),
    )
    // The project whose request started the watch; a project's cap counts these.
    .addColumn('project_id', 'text')
    .addColumn('first_watched_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('first_watched_block', 'bigint', (column) => column.notNull())
    .addColumn('last_asked_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // Null: watched for as long as its reason lasts (embedded users, the demo accounts).
    .addColumn('expires_at', 'timestamptz')
    // The first block the head follower read with this account in its filter: the backfill ends below it.
    .addColumn('followed_from_block', 'bigint')
    .addPrimaryKeyConstraint('chain_watched_addresses_pkey', ['chain_id', 'address'])
    .execute()
  await db.schema
    .createIndex('chain_watched_addresses_project_idx')
    .on('chain_watched_addresses')
    .columns(['chain_id', 'project_id'])
    .execute()

  // One backfill per watched account, claimed by whichever instance gets to it first (a lease, so
  // a crashed instance's job is taken over) and moved forward one committed range at a time.
  await db.schema
    .createTable('chain_backfills')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    // Token logs read below this block.
    .addColumn('logs_next_block', 'bigint', (column) => column.notNull())
    // Native transfers (traces) read below this block.
    .addColumn('native_next_block', 'bigint', (column) => column.notNull())
    // 'traces' while the node answers trace_filter; 'none' once it said it cannot.
    .addColumn('native_source', 'text', (column) =>
      column.notNull().defaultTo('traces').check(sql`native_source in ('traces', 'none')`),
    )
    .addColumn('done', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('leased_until', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('chain_backfills_pkey', ['chain_id', 'address'])
    .execute()
  await db.schema
    .createIndex('chain_backfills_due_idx')
    .on('chain_backfills')
    .columns(['chain_id', 'done', 'next_attempt_at'])
    .execute()
}
