import type { PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import { decodeBlocks, type FetchedBlock } from './decode.ts'
import { type ChainLock, tryLockChain } from './lock.ts'
import {
  DEFAULT_METADATA_SOURCES,
  type MetadataSources,
  readNftMetadata,
  readTokenMetadata,
} from './metadata.ts'
import { ChainMovedError, fetchBlock } from './rpc.ts'
import {
  type Batch,
  type Cursor,
  knownNfts,
  knownTokens,
  readCursor,
  rollbackTo,
  storedBlocks,
  writeBatch,
} from './store.ts'

export interface IndexerOptions {
  database: Database
  client: PublicClient
  chainId: number
  /** The first block to index when the database has no cursor yet. */
  startBlock: number
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
 * Follows one chain into the database: backfills from the start block, then polls the head. Each
 * step either writes one batch of blocks (and the cursor) in a single transaction, or finds that
 * the stored tip is no longer on the chain and rolls back to the last common block.
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
    const from = cursor ? cursor.number + 1 : this.options.startBlock
    if (from > head) return { idle: true, written: 0 }
    const to = Math.min(head, from + this.batchSize - 1)
    const blocks = await fetchRange(client, from, to)
    if (!blocks || !linked(cursor, blocks)) return { idle: false, written: 0 }
    this.cursor = await writeBatch(database.db, chainId, cursor, await this.withMetadata(blocks))
    return { idle: false, written: blocks.length }
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
    this.log(`indexer: chain ${chainId}: reorg below the start block, indexing again from the start`)
  }

  private async withMetadata(blocks: FetchedBlock[]): Promise<Batch> {
    const { client, database, chainId } = this.options
    const decoded = decodeBlocks(blocks)
    const known = await knownTokens(database.db, chainId, [...decoded.tokens.keys()])
    const tokens = await mapLimited(
      [...decoded.tokens].filter(([address]) => !known.has(address)),
      ([address, standard]) => readTokenMetadata(client, address, standard),
    )
    const items = new Map<string, { contract: string; tokenId: string; standard: 'erc721' | 'erc1155' }>()
    for (const event of decoded.events) {
      if ((event.kind === 'erc721' || event.kind === 'erc1155') && event.contract && event.token_id) {
        items.set(`${event.contract}:${event.token_id}`, {
          contract: event.contract,
          tokenId: event.token_id,
          standard: event.kind,
        })
      }
    }
    const knownItems = await knownNfts(database.db, chainId, [...items.values()])
    const sources = {
      ...(this.options.metadata ?? DEFAULT_METADATA_SOURCES),
      timeoutMs: this.options.metadataTimeoutMs ?? 3_000,
    }
    const nfts = await mapLimited(
      [...items].filter(([key]) => !knownItems.has(key)),
      async ([, item]) => ({
        contract: item.contract,
        tokenId: item.tokenId,
        ...(await readNftMetadata(client, item.contract, BigInt(item.tokenId), item.standard, sources)),
      }),
    )
    return { blocks, decoded, tokens, nfts }
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

async function fetchRange(
  client: PublicClient,
  from: number,
  to: number,
): Promise<FetchedBlock[] | undefined> {
  const numbers = Array.from({ length: to - from + 1 }, (_, offset) => from + offset)
  const blocks = await Promise.all(numbers.map((number) => fetchBlock(client, number))).catch(
    (error: unknown) => {
      if (error instanceof ChainMovedError) return [null]
      throw error
    },
  )
  return blocks.every((block) => block !== null) ? (blocks as FetchedBlock[]) : undefined
}

/** The batch continues the stored chain and is itself a chain; otherwise a reorg is under way. */
function linked(cursor: Cursor | undefined, blocks: FetchedBlock[]): boolean {
  let previous = cursor?.hash
  for (const block of blocks) {
    if (previous !== undefined && block.parentHash !== previous) return false
    previous = block.hash
  }
  return true
}

/** Metadata reads a few at a time: a batch that mints thousands of NFTs must not open thousands of requests. */
const METADATA_CONCURRENCY = 16

async function mapLimited<T, R>(items: T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await map(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(METADATA_CONCURRENCY, items.length) }, worker))
  return results
}
