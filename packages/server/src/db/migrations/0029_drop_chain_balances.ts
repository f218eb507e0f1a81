import type { Kysely } from 'kysely'

/**
 * Balances are read from the chain; the per-holder sums of indexed ERC-20 transfers were wrong for
 * anything before the first block indexed and nothing reads them any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chain_balances').ifExists().execute()
}
