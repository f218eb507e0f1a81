import { type Kysely, sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { ACTIVITY_CHANNEL, announcements } from './announce.ts'
import type { DecodedBlocks, FetchedBlock } from './decode.ts'
import { accountActivity } from './derived.ts'
import type { NftMetadata, TokenMetadata } from './metadata.ts'

export interface Cursor {
  number: number
  hash: string
}

/** What a step found for the watched accounts, ready to store. */
export interface Rows {
  decoded: DecodedBlocks
  tokens: TokenMetadata[]
  nfts: Array<{ contract: string; tokenId: string } & NftMetadata>
  /** The accounts whose activity rows are kept: the others a transaction names are nobody we follow. */
  watched: ReadonlySet<string>
}

/** A range of the head: its blocks (hashes for reorgs) and the rows found in it. */
export interface Batch extends Rows {
  blocks: Array<Pick<FetchedBlock, 'number' | 'hash' | 'parentHash' | 'timestamp'>>
  /** Accounts the head followed for the first time in this range. */
  followed: readonly string[]
}

/** Block hashes kept below the cursor: a reorg deeper than this starts the index over. */
const KEPT_BLOCKS = 1_024

/** Postgres' limit is 65,535 parameters per statement; rows here have at most 13 columns. */
const ROWS_PER_INSERT = 1_000

export async function readCursor(db: Kysely<Tables>, chainId: number): Promise<Cursor | undefined> {
  const row = await db
    .selectFrom('chain_cursors')
    .select(['block_number', 'block_hash'])
    .where('chain_id', '=', chainId)
    .executeTakeFirst()
  return row && { number: Number(row.block_number), hash: row.block_hash }
}

/**
 * Writes a batch of blocks and moves the cursor past them in one transaction: a crash leaves either
 * all of it or none. Inserts skip rows that exist, so a batch written twice (a restart between the
 * commit and the next read of the cursor cannot cause that, but a second writer could) is no harm.
 * `expected` guards against another writer having moved the cursor meanwhile.
 */
export async function writeBatch(
  db: Kysely<Tables>,
  chainId: number,
  expected: Cursor | undefined,
  batch: Batch,
): Promise<Cursor> {
  const last = batch.blocks.at(-1)
  if (!last) throw new Error('An empty batch has nothing to write')
  const next = { number: last.number, hash: last.hash }
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('chain_cursors')
      .select(['block_number', 'block_hash'])
      .where('chain_id', '=', chainId)
      .forUpdate()
      .executeTakeFirst()
    if ((current?.block_hash ?? undefined) !== expected?.hash) {
      throw new Error(`Cursor of chain ${chainId} moved while indexing; another writer is active`)
    }
    const blocks = batch.blocks.map((block) => ({
      chain_id: chainId,
      number: block.number,
      hash: block.hash,
      parent_hash: block.parentHash,
      timestamp: new Date(block.timestamp * 1000),
    }))
    await insertChunks(trx, 'chain_blocks', blocks)
    // Only recent hashes are needed to find where a reorg forked; older ones would grow with the chain.
    await trx
      .deleteFrom('chain_blocks')
      .where('chain_id', '=', chainId)
      .where('number', '<', next.number - KEPT_BLOCKS)
      .execute()
    await insertRows(trx, chainId, batch)
    await markFollowed(trx, chainId, batch.followed, batch.blocks[0]?.number ?? next.number)
    await trx
      .insertInto('chain_cursors')
      .values({ chain_id: chainId, block_number: next.number, block_hash: next.hash })
      .onConflict((conflict) =>
        conflict
          .column('chain_id')
          .doUpdateSet({ block_number: next.number, block_hash: next.hash, updated_at: sql`now()` }),
      )
      .execute()
  })
  return next
}

type InsertTable =
  | 'chain_blocks'
  | 'chain_transactions'
  | 'chain_events'
  | 'chain_tokens'
  | 'chain_nft_items'
  | 'chain_account_activity'

async function insertChunks<T extends InsertTable>(
  trx: Transaction<Tables>,
  table: T,
  rows: ReadonlyArray<Tables[T]>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .onConflict((conflict) => conflict.doNothing())
      .execute()
  }
}

/**
 * Stores a step's rows; a row already there (written by the head and a backfill alike, or by a
 * step run twice) is skipped.
 */
export async function insertRows(trx: Transaction<Tables>, chainId: number, rows: Rows): Promise<void> {
  await insertChunks(
    trx,
    'chain_transactions',
    rows.decoded.transactions.map((row) => ({ ...row, chain_id: chainId })),
  )
  await insertChunks(
    trx,
    'chain_events',
    rows.decoded.events.map((row) => ({ ...row, chain_id: chainId })),
  )
  await insertChunks(
    trx,
    'chain_tokens',
    rows.tokens.map((token) => ({ ...token, chain_id: chainId })),
  )
  await insertChunks(
    trx,
    'chain_nft_items',
    rows.nfts.map(({ contract, tokenId, name, image }) => ({
      chain_id: chainId,
      contract,
      token_id: tokenId,
      name,
      image,
    })),
  )
  const activity = accountActivity(chainId, rows.decoded).filter((row) => rows.watched.has(row.address))
  await insertChunks(trx, 'chain_account_activity', activity)
  await announce(trx, chainId, new Set(activity.map((row) => row.address)))
}

/** Records the first block the head read with these accounts in its filter: their backfills end below it. */
async function markFollowed(
  trx: Transaction<Tables>,
  chainId: number,
  addresses: readonly string[],
  from: number,
): Promise<void> {
  for (let start = 0; start < addresses.length; start += ROWS_PER_INSERT) {
    await trx
      .updateTable('chain_watched_addresses')
      .set({ followed_from_block: from })
      .where('chain_id', '=', chainId)
      .where('address', 'in', addresses.slice(start, start + ROWS_PER_INSERT))
      .where('followed_from_block', 'is', null)
      .execute()
  }
}

/** Stored block hashes from `number` down, newest first, to find where a reorg forked. */
export async function storedBlocks(
  db: Kysely<Tables>,
  chainId: number,
  below: number,
  limit: number,
): Promise<Cursor[]> {
  const rows = await db
    .selectFrom('chain_blocks')
    .select(['number', 'hash'])
    .where('chain_id', '=', chainId)
    .where('number', '<=', below)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ number: Number(row.number), hash: row.hash }))
}

/**
 * Forgets every block above `ancestor` (orphaned by a reorg) with what came from them, and points
 * the cursor at the ancestor — or removes it, to start over from the start block.
 */
export async function rollbackTo(
  db: Kysely<Tables>,
  chainId: number,
  ancestor: Cursor | undefined,
): Promise<void> {
  const above = ancestor?.number ?? -1
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chain_events')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', above)
      .execute()
    await trx
      .deleteFrom('chain_account_activity')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', above)
      .execute()
    await trx
      .deleteFrom('chain_transactions')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', above)
      .execute()
    await trx.deleteFrom('chain_blocks').where('chain_id', '=', chainId).where('number', '>', above).execute()
    // Backfills that read orphaned blocks read them again from the new chain.
    await trx
      .updateTable('chain_backfills')
      .set({
        logs_next_block: sql`least(logs_next_block, ${above + 1})`,
        native_next_block: sql`least(native_next_block, ${above + 1})`,
        done: false,
      })
      .where('chain_id', '=', chainId)
      .where((where) =>
        where.or([where('logs_next_block', '>', above + 1), where('native_next_block', '>', above + 1)]),
      )
      .execute()
    if (!ancestor) {
      // The head starts over, so it follows every account afresh.
      await trx
        .updateTable('chain_watched_addresses')
        .set({ followed_from_block: null })
        .where('chain_id', '=', chainId)
        .execute()
    }
    if (ancestor) {
      await trx
        .updateTable('chain_cursors')
        .set({ block_number: ancestor.number, block_hash: ancestor.hash, updated_at: sql`now()` })
        .where('chain_id', '=', chainId)
        .execute()
    } else {
      await trx.deleteFrom('chain_cursors').where('chain_id', '=', chainId).execute()
    }
    await announce(trx, chainId, 'all')
  })
}

/** Delivered to listeners only if and when the transaction commits. */
export async function announce(
  trx: Transaction<Tables>,
  chainId: number,
  addresses: ReadonlySet<string> | 'all',
): Promise<void> {
  if (addresses !== 'all' && addresses.size === 0) return
  for (const payload of announcements(chainId, addresses)) {
    await sql`select pg_notify(${ACTIVITY_CHANNEL}, ${payload})`.execute(trx)
  }
}

/** Which of these token contracts have metadata already. */
export async function knownTokens(
  db: Kysely<Tables>,
  chainId: number,
  addresses: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const rows = await db
    .selectFrom('chain_tokens')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('address', 'in', addresses)
    .execute()
  return new Set(rows.map((row) => row.address))
}

/** Which of these NFTs (`contract:tokenId`) have metadata already. */
export async function knownNfts(
  db: Kysely<Tables>,
  chainId: number,
  items: Array<{ contract: string; tokenId: string }>,
): Promise<Set<string>> {
  if (items.length === 0) return new Set()
  const contracts = [...new Set(items.map((item) => item.contract))]
  const tokenIds = [...new Set(items.map((item) => item.tokenId))]
  // Both lists narrow the lookup; the exact pairs are matched below.
  const rows = await db
    .selectFrom('chain_nft_items')
    .select(['contract', sql<string>`token_id::text`.as('token_id')])
    .where('chain_id', '=', chainId)
    .where('contract', 'in', contracts)
    .where('token_id', 'in', tokenIds)
    .execute()
  return new Set(rows.map((row) => `${row.contract}:${row.token_id}`))
}
