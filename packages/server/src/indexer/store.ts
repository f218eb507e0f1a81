import { type Kysely, sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { ACTIVITY_CHANNEL, announcements } from './announce.ts'
import type { DecodedBlocks, FetchedBlock } from './decode.ts'
import { accountActivity, addBalances, balanceDeltas } from './derived.ts'
import type { NftMetadata, TokenMetadata } from './metadata.ts'

export interface Cursor {
  number: number
  hash: string
}

export interface Batch {
  blocks: FetchedBlock[]
  decoded: DecodedBlocks
  tokens: TokenMetadata[]
  nfts: Array<{ contract: string; tokenId: string } & NftMetadata>
}

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
    await insertChunks(
      trx,
      'chain_transactions',
      batch.decoded.transactions.map((row) => ({ ...row, chain_id: chainId })),
    )
    await insertChunks(
      trx,
      'chain_events',
      batch.decoded.events.map((row) => ({ ...row, chain_id: chainId })),
    )
    await insertChunks(
      trx,
      'chain_tokens',
      batch.tokens.map((token) => ({ ...token, chain_id: chainId })),
    )
    await insertChunks(
      trx,
      'chain_nft_items',
      batch.nfts.map(({ contract, tokenId, name, image }) => ({
        chain_id: chainId,
        contract,
        token_id: tokenId,
        name,
        image,
      })),
    )
    const activity = accountActivity(chainId, batch.decoded)
    await insertChunks(trx, 'chain_account_activity', activity)
    await addBalances(trx, chainId, balanceDeltas(batch.decoded.events))
    await announce(trx, chainId, new Set(activity.map((row) => row.address)))
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
    const orphaned = await trx
      .selectFrom('chain_events')
      .select(['kind', 'contract', 'from_address', 'to_address', 'amount'])
      .where('chain_id', '=', chainId)
      .where('block_number', '>', above)
      .where('kind', '=', 'erc20')
      .execute()
    await addBalances(trx, chainId, balanceDeltas(orphaned, -1n))
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
async function announce(
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
