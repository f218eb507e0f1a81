import type { Generated } from 'kysely'
/**
 * The indexer's rows (migration 0002). Big integers travel as decimal strings: node-postgres returns
 * bigint and numeric as strings and PGlite returns bigint as a number, so readers convert explicitly.
 */
export interface ChainTables {
  chain_cursors: {
    chain_id: number
    block_number: number | string
    block_hash: string
    /** Set by the database whenever the cursor moves (migration 0024). */
    updated_at: Generated<Date>
  }
  chain_blocks: {
    chain_id: number
    number: number | string
    hash: string
    parent_hash: string
    timestamp: Date
  }
  chain_transactions: {
    chain_id: number
    hash: string
    block_number: number | string
    tx_index: number
    from_address: string
    to_address: string | null
    value: string
    nonce: number | string
    status: TransactionStatus
    mined_at: Date
  }
  chain_events: ChainEventRow
  chain_account_activity: {
    chain_id: number
    address: string
    block_number: number | string
    tx_index: number
    tx_hash: string
  }
  /** Signed: the zero address goes negative with every mint. */
  chain_tokens: {
    chain_id: number
    address: string
    standard: TokenStandard
    name: string
    symbol: string
    decimals: number | null
  }
  /** Migration 0027. */
  chain_watched_addresses: {
    chain_id: number
    address: string
    reason: WatchReason
    project_id: string | null
    first_watched_at: Generated<Date>
    first_watched_block: number | string
    last_asked_at: Generated<Date>
    expires_at: Date | null
    followed_from_block: number | string | null
  }
  chain_backfills: {
    chain_id: number
    address: string
    logs_next_block: number | string
    native_next_block: number | string
    native_source: Generated<'traces' | 'none'>
    done: Generated<boolean>
    leased_until: Date | null
    next_attempt_at: Generated<Date>
    failures: Generated<number>
    last_error: string | null
  }
  chain_nft_items: {
    chain_id: number
    contract: string
    token_id: string
    name: string | null
    image: string | null
  }
}

/** Why an account is watched: an embedded wallet, its smart account, a dapp asked, the dev stack's demo. */
export type WatchReason = 'embedded' | 'smart_account' | 'dapp' | 'demo'

export type TransactionStatus = 'confirmed' | 'failed'
export type TokenStandard = 'erc20' | 'erc721' | 'erc1155'
export type EventKind = 'native' | TokenStandard | 'approval'

export interface ChainEventRow {
  chain_id: number
  tx_hash: string
  log_index: number
  sub_index: number
  block_number: number | string
  tx_index: number
  kind: EventKind
  /** Lower-case token address; null for native value. */
  contract: string | null
  from_address: string
  to_address: string
  /** Null for native value, ERC-20 and ApprovalForAll (which covers all of the owner's tokens). */
  token_id: string | null
  /**
   * For an approval: the ERC-20 allowance, 0 for ERC-721's one-token Approval, and 1 or 0 for
   * ApprovalForAll granted or revoked.
   */
  amount: string
}
