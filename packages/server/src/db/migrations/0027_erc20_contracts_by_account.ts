import type { Kysely } from 'kysely'

/**
 * Balances are read from the chain for every ERC-20 an account ever sent or received: these
 * partial indexes answer "which ERC-20 contracts" from the index alone, one entry per transfer of
 * the account, instead of visiting every event row of the account's history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const side of ['from_address', 'to_address']) {
    await db.schema
      .createIndex(`chain_events_erc20_${side}_idx`)
      .on('chain_events')
      .columns(['chain_id', side, 'contract'])
      .where('kind', '=', 'erc20')
      .execute()
  }
}
