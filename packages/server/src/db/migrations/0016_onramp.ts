import { type CreateTableBuilder, type Kysely, sql } from 'kysely'

/** The terms a quote states and a purchase keeps: who asked, which provider, what is paid and bought. */
const withTerms = (table: CreateTableBuilder<string>) =>
  table
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('payment_currency', 'text', (column) => column.notNull())
    .addColumn('payment_method', 'text', (column) => column.notNull())
    .addColumn('payment_total_cents', 'bigint', (column) => column.notNull())
    .addColumn('provider_fee_cents', 'bigint', (column) => column.notNull())
    .addColumn('network_fee_cents', 'bigint', (column) => column.notNull())
    .addColumn('purchase_currency', 'text', (column) => column.notNull())
    .addColumn('purchase_decimals', 'integer', (column) => column.notNull())
    .addColumn('purchase_units', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))

/**
 * The on-ramp: quotes, kept for a few minutes so a checkout pays exactly what was
 * quoted, and the purchases made through the development sandbox, each found by the hash of its
 * single-use session id and moved along created → pending → paid | failed. A purchase copies its
 * quote's terms: quotes are pruned once expired, purchases are the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTerms(db.schema.createTable('onramp_quotes')).execute()
  await db.schema.createIndex('onramp_quotes_expires').on('onramp_quotes').column('expires_at').execute()
  await withTerms(db.schema.createTable('onramp_purchases'))
    .addColumn('quote_id', 'text', (column) => column.notNull())
    .addColumn('session_hash', 'text', (column) => column.notNull().unique())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
}
