import type { PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import { involvingWatched, withMetadata } from './batch-metadata.ts'
import { type HeadBlock, readHeadRange, type TraceSupport } from './head-range.ts'
import { type ChainLock, tryLockChain } from './lock.ts'
import type { MetadataSources } from './metadata.ts'
import { ChainMovedError } from './rpc.ts'
import { type Cursor, readCursor, rollbackTo, storedBlocks, writeBatch } from './store.ts'
import { followFromTip, refreshWatchSet, watchedAddresses } from './watched.ts'

export interface IndexerOptions {
  database: Database
  client: PublicClient
  chainId: number
  /** The floor of new backfills (`START_BLOCK`); the head itself starts at the chain's head. */
  startBlock: number
  /** Accounts watched without being asked (the dev stack's demo accounts). */
  watchAccounts?: readonly string[]
  /** How often lapsed watches end and embedded-wallet accounts are added to the watch set. */
  refreshWatchMs?: number
  /** Time between looks at the head once caught up: a sent transaction should show in Activity within 5 s. */
  pollIntervalMs?: number
  /** Blocks per database transaction while catching up. */
  batchSize?: number
  /** How often an instance without the lock tries again, so a standby takes over. */
  lockRetryMs?: number
  metadataTimeoutMs?: number
  /** Gateways and allowed hosts for token URIs; the public gateways and no private host by default. */
  metadata?: MetadataSources
  log?: (line: string) => void
}

export interface IndexerStatus {
  /** Whether this instance holds the chain's lock and so is the one indexing. */
  leader: boolean
  cursor: Cursor | undefined
}

/**
 * Follows the head of one chain for the watched accounts (their past is the backfill's job). Each
 * step either writes one range of blocks — their hashes, what they hold for the watched accounts,
 * and the cursor — in a single transaction, or finds that the stored tip is no longer on the chain
 * and rolls back to the last common block. A fresh database starts at the chain's head.
 */
export class ChainIndexer {
  private stopped = false
  private loop: Promise<void> | undefined
  private lock: ChainLock | undefined
  private cursor: Cursor | undefined
  private wake = () => {}
  private readonly pollIntervalMs: number
  private readonly batchSize: number
  private readonly lockRetryMs: number
  private readonly log: (line: string) => void
  /** The set the last written range was read with: an account not in it is followed from the next. */
  private followed = new Set<string>()
  private refreshedAt = Number.NEGATIVE_INFINITY
  private readonly traceSupport: TraceSupport = { traces: true }

  constructor(private readonly options: IndexerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 300
    this.batchSize = options.batchSize ?? 50
    this.lockRetryMs = options.lockRetryMs ?? 5_000
    this.log = options.log ?? ((line) => console.warn(line))
  }

  get status(): IndexerStatus {
    return { leader: this.lock !== undefined && !this.lock.lost, cursor: this.cursor }
  }

  start(): void {
    this.loop ??= this.run()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake()
    await this.loop
    await this.lock?.release()
    this.lock = undefined
  }

  /**
   * Indexes up to the head as it is now and returns the number of blocks written; used by the
   * benchmark and by tests that want a deterministic point. Needs the lock like the loop does.
   */
  async catchUp(): Promise<number> {
    if (!(await this.ensureLock())) return 0
    const head = Number(await this.options.client.getBlockNumber({ cacheTime: 0 }))
    let written = 0
    for (;;) {
      const step = await this.step()
      written += step.written
      if (step.idle || (this.cursor && this.cursor.number >= head)) return written
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let pause = this.pollIntervalMs
      try {
        if (await this.ensureLock()) {
          const step = await this.step()
          if (!step.idle) pause = 0
        } else {
          pause = this.lockRetryMs
        }
      } catch (error) {
        this.log(`indexer: chain ${this.options.chainId}: ${error instanceof Error ? error.message : error}`)
        pause = Math.max(this.pollIntervalMs, 1_000)
      }
      if (pause > 0) await this.sleep(pause)
    }
  }

  private async ensureLock(): Promise<boolean> {
    if (this.lock?.lost) {
      this.log(`indexer: chain ${this.options.chainId}: the lock's connection is gone, taking the lock again`)
      await this.lock.release()
      this.lock = undefined
    }
    this.lock ??= await tryLockChain(this.options.database, this.options.chainId)
    return this.lock !== undefined
  }

  private async step(): Promise<{ idle: boolean; written: number }> {
    const { client, database, chainId } = this.options
    const cursor = await readCursor(database.db, chainId)
    this.cursor = cursor
    // viem would reuse a head it read in the last few seconds; the follow latency budget is 5 s.
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    if (cursor) {
      const onChain = cursor.number <= head ? await fetchHash(client, cursor.number) : undefined
      if (onChain !== cursor.hash) {
        await this.rollBack(cursor)
        return { idle: false, written: 0 }
      }
    }
    const from = cursor ? cursor.number + 1 : head
    if (from > head) {
      // A quiet chain (a dev chain mines only on demand) must not hold a new account's backfill.
      if (cursor) {
        await this.refreshWatchSetIfDue()
        await followFromTip(database.db, chainId, cursor.number)
      }
      return { idle: true, written: 0 }
    }
    const to = Math.min(head, from + this.batchSize - 1)
    const watched = await this.watchSet()
    const blocks = await fetchRange(client, from, to)
    if (!blocks || !linked(cursor, blocks)) return { idle: false, written: 0 }
    const found = await readHeadRange(client, blocks, watched, this.traceSupport).catch((error: unknown) => {
      if (error instanceof ChainMovedError) return undefined
      throw error
    })
    if (!found) return { idle: false, written: 0 }
    const set = new Set(watched)
    const rows = await withMetadata(
      {
        client,
        db: database.db,
        chainId,
        sources: this.options.metadata,
        timeoutMs: this.options.metadataTimeoutMs,
      },
      involvingWatched(found, set),
      set,
    )
    const followed = watched.filter((address) => !this.followed.has(address))
    this.cursor = await writeBatch(database.db, chainId, cursor, { ...rows, blocks, followed })
    this.followed = set
    return { idle: false, written: blocks.length }
  }

  /** The accounts to read the next range for, after ending lapsed watches and adding embedded ones now and then. */
  private async watchSet(): Promise<string[]> {
    await this.refreshWatchSetIfDue()
    return watchedAddresses(this.options.database.db, this.options.chainId)
  }

  private async refreshWatchSetIfDue(): Promise<void> {
    const { database, chainId, startBlock } = this.options
    if (Date.now() - this.refreshedAt < (this.options.refreshWatchMs ?? 30_000)) return
    await refreshWatchSet(database.db, chainId, startBlock, this.options.watchAccounts ?? [])
    this.refreshedAt = Date.now()
  }

  /** Walks stored blocks down until one is still on the chain, and forgets everything above it. */
  private async rollBack(tip: Cursor): Promise<void> {
    const { client, database, chainId } = this.options
    let below = tip.number
    for (;;) {
      const stored = await storedBlocks(database.db, chainId, below, 64)
      for (const block of stored) {
        if ((await fetchHash(client, block.number)) === block.hash) {
          await rollbackTo(database.db, chainId, block)
          this.cursor = block
          this.log(`indexer: chain ${chainId}: reorg, rolled back from ${tip.number} to ${block.number}`)
          return
        }
      }
      const last = stored.at(-1)
      if (!last || stored.length < 64) break
      below = last.number - 1
    }
    await rollbackTo(database.db, chainId, undefined)
    this.cursor = undefined
    this.followed = new Set()
    this.log(`indexer: chain ${chainId}: reorg below the start block, indexing again from the start`)
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.wake = () => {
        clearTimeout(timer)
        resolve()
      }
      if (this.stopped) this.wake()
    })
  }
}

/** The hash of block `number` on the chain now; undefined when the chain is shorter. RPC failures throw. */
async function fetchHash(client: PublicClient, number: number): Promise<string | undefined> {
  const block = await client.getBlock({ blockNumber: BigInt(number) }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'BlockNotFoundError') return null
    throw error
  })
  return block?.hash ?? undefined
}

/** The blocks with their transactions; undefined when one is missing (the chain is moving). */
async function fetchRange(client: PublicClient, from: number, to: number): Promise<HeadBlock[] | undefined> {
  const numbers = Array.from({ length: to - from + 1 }, (_, offset) => from + offset)
  const blocks = await Promise.all(numbers.map((number) => fetchHeadBlock(client, number)))
  return blocks.every((block) => block !== null) ? (blocks as HeadBlock[]) : undefined
}

async function fetchHeadBlock(client: PublicClient, number: number): Promise<HeadBlock | null> {
  const block = await client
    .getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'BlockNotFoundError') return null
      throw error
    })
  if (!block || block.hash === null) return null
  return {
    number,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: Number(block.timestamp),
    transactions: block.transactions.map((tx) => ({
      hash: tx.hash,
      from: tx.from,
      to: tx.to ?? null,
      value: tx.value,
      nonce: tx.nonce,
      transactionIndex: tx.transactionIndex ?? 0,
    })),
  }
}

/** The batch continues the stored chain and is itself a chain; otherwise a reorg is under way. */
function linked(cursor: Cursor | undefined, blocks: HeadBlock[]): boolean {
  let previous = cursor?.hash
  for (const block of blocks) {
    if (previous !== undefined && block.parentHash !== previous) return false
    previous = block.hash
  }
  return true
}
