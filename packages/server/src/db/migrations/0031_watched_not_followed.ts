import { type Kysely, sql } from 'kysely'

/**
 * The head marks accounts watched since its last range as followed while the chain is idle, so
 * their backfill can finish without waiting for a block; it looks for them at every idle poll, and
 * this index holds only those few rows instead of every watched account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('chain_watched_addresses_not_followed_idx')
    .on('chain_watched_addresses')
    .column('chain_id')
    .where(sql.ref('followed_from_block'), 'is', null)
    .execute()
}
