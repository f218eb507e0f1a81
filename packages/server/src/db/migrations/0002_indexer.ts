import type { Kysely } from 'kysely'

/**
 * What the indexer keeps per chain. Every row carries its block number, so a reorg rolls back with
 * one `delete … where block_number > ancestor` per table; token and NFT metadata are not tied to a
 * block and survive it. Amounts are numeric(78,0): a uint256 fits, and Postgres sums them exactly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_cursors')
    .addColumn('chain_id', 'integer', (column) => column.primaryKey())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('block_hash', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('chain_blocks')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('number', 'bigint', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addColumn('parent_hash', 'text', (column) => column.notNull())
    .addColumn('timestamp', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pkey', ['chain_id', 'number'])
    .execute()

  await db.schema
    .createTable('chain_transactions')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('tx_index', 'integer', (column) => column.notNull())
    .addColumn('from_address', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text')
    .addColumn('value', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('nonce', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('mined_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_transactions_pkey', ['chain_id', 'hash'])
    .execute()

  await db.schema
    .createTable('chain_events')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('tx_hash', 'text', (column) => column.notNull())
    // -1 for a transaction's own native value; TransferBatch entries share a log and differ by sub_index.
    .addColumn('log_index', 'integer', (column) => column.notNull())
    .addColumn('sub_index', 'integer', (column) => column.notNull())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('tx_index', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('contract', 'text')
    .addColumn('from_address', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('token_id', 'numeric(78, 0)')
    .addColumn('amount', 'numeric(78, 0)', (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_events_pkey', ['chain_id', 'tx_hash', 'log_index', 'sub_index'])
    .execute()

  // NFT holdings look an account up on either side of a transfer.
  for (const side of ['from_address', 'to_address']) {
    await db.schema
      .createIndex(`chain_events_${side}_idx`)
      .on('chain_events')
      .columns(['chain_id', side, 'block_number desc', 'tx_index desc'])
      .execute()
  }
  await db.schema
    .createIndex('chain_events_token_idx')
    .on('chain_events')
    .columns(['chain_id', 'contract', 'token_id', 'block_number desc', 'log_index desc'])
    .execute()
  await db.schema
    .createIndex('chain_events_block_idx')
    .on('chain_events')
    .columns(['chain_id', 'block_number'])
    .execute()
  await db.schema
    .createIndex('chain_transactions_block_idx')
    .on('chain_transactions')
    .columns(['chain_id', 'block_number'])
    .execute()

  // Which transactions involve which account (sender, recipient, either side of a transfer or
  // approval), so a history page is one range scan of this primary key, newest first.
  await db.schema
    .createTable('chain_account_activity')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('tx_index', 'integer', (column) => column.notNull())
    .addColumn('tx_hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_account_activity_pkey', [
      'chain_id',
      'address',
      'block_number',
      'tx_index',
    ])
    .execute()
  await db.schema
    .createIndex('chain_account_activity_block_idx')
    .on('chain_account_activity')
    .columns(['chain_id', 'block_number'])
    .execute()

  // ERC-20 balances kept up to date by the indexer (and reversed on rollback), so the balance
  // route reads a few rows instead of summing an account's whole transfer history.
  await db.schema
    .createTable('chain_balances')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('contract', 'text', (column) => column.notNull())
    .addColumn('balance', 'numeric(78, 0)', (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_balances_pkey', ['chain_id', 'holder', 'contract'])
    .execute()

  await db.schema
    .createTable('chain_tokens')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('standard', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('decimals', 'integer')
    .addPrimaryKeyConstraint('chain_tokens_pkey', ['chain_id', 'address'])
    .execute()

  await db.schema
    .createTable('chain_nft_items')
    .addColumn('chain_id', 'integer', (column) => column.notNull())
    .addColumn('contract', 'text', (column) => column.notNull())
    .addColumn('token_id', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('image', 'text')
    .addPrimaryKeyConstraint('chain_nft_items_pkey', ['chain_id', 'contract', 'token_id'])
    .execute()
}
