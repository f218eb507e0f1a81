import { sql } from 'kysely'
import { z } from 'zod'
import type { ChainData } from '../chain-data/config.ts'

export const IndexingReport = z.object({
  ok: z.boolean(),
  /** The last block in the index; absent before the first is written. */
  blockNumber: z.number().int().optional(),
  message: z.string().optional(),
})
type IndexingReport = z.output<typeof IndexingReport>

/**
 * Whether the index keeps up with the chain. Stuck means: the chain has a block the index lacks,
 * that block has been there longer than `indexingStuckAfterMs`, and the cursor has not moved for
 * as long either. So a long catch-up (the cursor moves) and a quiet chain that just made a block
 * (the block is new) both stay ready, while an indexer that fails on every try, or that no
 * instance runs, is reported. Read from the database, so every instance answers the same.
 */
export async function checkIndexing(
  chain: ChainData,
  head: number,
  startedAt: number,
): Promise<IndexingReport> {
  const cursor = await chain.database.db
    .selectFrom('chain_cursors')
    .select(['block_number', sql<string>`extract(epoch from now() - updated_at) * 1000`.as('idle_ms')])
    .where('chain_id', '=', chain.config.chainId)
    .executeTakeFirst()
  const indexed = cursor ? Number(cursor.block_number) : undefined
  const report = indexed === undefined ? {} : { blockNumber: indexed }
  const next = indexed === undefined ? chain.config.startBlock : indexed + 1
  if (next > head) return { ok: true, ...report }
  const idleMs = cursor ? Number(cursor.idle_ms) : Date.now() - startedAt
  const block = await chain.client.getBlock({ blockNumber: BigInt(next) })
  const waitingMs = Date.now() - Number(block.timestamp) * 1000
  const limit = chain.config.indexingStuckAfterMs
  if (Math.min(idleMs, waitingMs) <= limit) return { ok: true, ...report }
  return {
    ok: false,
    ...report,
    message: `Indexing is stuck: block ${next} has been on the chain (now at ${head}) for ${Math.round(
      waitingMs / 1000,
    )} s and is not indexed; see the services' log`,
  }
}
