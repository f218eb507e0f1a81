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
 * Whether the index keeps up with the chain, as `(head) => report`. Stuck means: for at least
 * `indexingStuckAfterMs` the cursor has not moved (by the database's clock, so whichever instance
 * indexes) and this instance has seen the chain ahead of it (by its own probes: block timestamps
 * cannot tell, since a dev chain's clock may run days behind). So a long catch-up (the cursor moves)
 * and a quiet chain that just made a block (first seen ahead now) stay ready, while an indexer that
 * fails on every try, or that no instance runs, is reported.
 */
export function indexingCheck(chain: ChainData): (head: number) => Promise<IndexingReport> {
  let behind: { cursor: number; since: number } | undefined
  return async (head) => {
    const row = await chain.database.db
      .selectFrom('chain_cursors')
      .select(['block_number', sql<string>`extract(epoch from now() - updated_at) * 1000`.as('idle_ms')])
      .where('chain_id', '=', chain.config.chainId)
      .executeTakeFirst()
    const cursor = row ? Number(row.block_number) : chain.config.startBlock - 1
    const report = row ? { blockNumber: cursor } : {}
    if (cursor >= head) {
      behind = undefined
      return { ok: true, ...report }
    }
    const now = Date.now()
    if (behind?.cursor !== cursor) behind = { cursor, since: now }
    const stuckMs = Math.min(row ? Number(row.idle_ms) : Number.POSITIVE_INFINITY, now - behind.since)
    if (stuckMs < chain.config.indexingStuckAfterMs) return { ok: true, ...report }
    return {
      ok: false,
      ...report,
      message: `Indexing is stuck at block ${cursor} (the chain is at ${head}) for ${Math.round(
        stuckMs / 1000,
      )} s; see the services' log`,
    }
  }
}
