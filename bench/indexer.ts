import type { Database } from '@portico/server'
import { ChainIndexer } from '@portico/server/testing'
import { createPublicClient, http, numberToHex, type PublicClient } from 'viem'
import { benchDatabases, startBenchChain } from './chain.ts'

/**
 * Indexer catch-up on a pre-filled anvil, per database: first the demo deployment plus TRANSFERS
 * transfers packed PER_BLOCK to a block (dense), then EMPTY_BLOCKS empty blocks (sparse). Each
 * database starts from the same chain: a snapshot taken after the prefill is restored first.
 */
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3_000)
const PER_BLOCK = 50
const EMPTY_BLOCKS = 2_000

const chain = await startBenchChain({ transfers: TRANSFERS, perBlock: PER_BLOCK })
try {
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { batch: { batchSize: 200, wait: 0 } }),
  }) as PublicClient
  let snapshot = (await chain.rpc('evm_snapshot', [])) as string
  const rows = []
  for (const open of await benchDatabases()) {
    await chain.rpc('evm_revert', [snapshot])
    snapshot = (await chain.rpc('evm_snapshot', [])) as string
    const { name, database, dispose } = await open()
    const indexer = new ChainIndexer({
      database,
      client,
      chainId: chain.deployment.chainId,
      startBlock: chain.deployment.firstBlock,
      log: () => {},
    })
    try {
      const dense = await timed(indexer, database)
      rows.push({ database: name, phase: 'transfers', ...dense })
      await chain.rpc('anvil_mine', [numberToHex(EMPTY_BLOCKS)])
      rows.push({ database: name, phase: 'empty blocks', ...(await timed(indexer, database, dense.rows)) })
    } finally {
      await indexer.stop()
      await dispose()
    }
  }
  console.table(rows.map(({ rows: _rows, ...row }) => row))
} finally {
  await chain.stop()
}

async function timed(indexer: ChainIndexer, database: Database, rowsBefore = 0) {
  const started = performance.now()
  const blocks = await indexer.catchUp()
  const seconds = (performance.now() - started) / 1000
  const counted = await database.db
    .selectFrom('chain_events')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = Number(counted.n)
  const transfers = rows - rowsBefore
  return {
    blocks,
    transfers,
    seconds: seconds.toFixed(2),
    'blocks/s': Math.round(blocks / seconds),
    'transfers/s': Math.round(transfers / seconds),
    rows,
  }
}
