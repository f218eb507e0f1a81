import { type Kysely, sql } from 'kysely'

/**
 * The bundler: every user operation it accepted, stored before it is submitted and moved
 * along pending → submitted → included | failed, so a restart neither loses nor doubles one; and the
 * gas sponsorship given per project, per UTC day and per sender (the sender `*` holds the project's
 * total), counted when the paymaster signs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bundler_user_operations')
    .addColumn('hash', 'text', (column) => column.primaryKey())
    .addColumn('chain_id', 'bigint', (column) => column.notNull())
    .addColumn('entry_point', 'text', (column) => column.notNull())
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('nonce', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('user_operation', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  // One operation in flight per sender and nonce: a second is refused, not queued behind the first.
  await sql`create unique index bundler_user_operations_in_flight
    on bundler_user_operations (chain_id, sender, nonce) where state in ('pending', 'submitted')`.execute(db)
  await db.schema
    .createIndex('bundler_user_operations_state')
    .on('bundler_user_operations')
    .columns(['chain_id', 'state', 'created_at'])
    .execute()
  await db.schema
    .createTable('bundler_sponsorships')
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('operations', 'integer', (column) => column.notNull())
    .addColumn('wei', 'numeric(78, 0)', (column) => column.notNull())
    .addPrimaryKeyConstraint('bundler_sponsorships_pk', ['project_id', 'day', 'sender'])
    .execute()
}
