import { type Kysely, sql } from 'kysely'

/**
 * Account names: one row per name, unique case-insensitively (the key is the lower-case
 * label), each owned by one address; an address has at most one primary name, the one reverse
 * lookups answer first. A per-IP counter limits registrations across every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_names')
    .addColumn('label_key', 'text', (column) => column.primaryKey())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('coin_type', 'bigint', (column) => column.notNull())
    .addColumn('attributes', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_primary', 'boolean', (column) => column.notNull())
    .addColumn('registered_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('account_names_address').on('account_names').column('address').execute()
  // One primary name per address, whatever two instances do at the same moment.
  await sql`create unique index account_names_one_primary on account_names (address, coin_type) where is_primary`.execute(
    db,
  )
  await db.schema
    .createTable('account_name_rate_limits')
    .addColumn('ip', 'text', (column) => column.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .execute()
}
