import type { PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import {
  type BackfillJob,
  BackfillTakenError,
  claimBackfill,
  followedFrom,
  releaseBackfill,
  writeBackfillStep,
} from './backfill-store.ts'
import { involvingWatched, withMetadata } from './batch-metadata.ts'
import { decodeBlocks } from './decode.ts'
import { AdaptiveSpan, scanLogs } from './log-scan.ts'
import type { MetadataSources } from './metadata.ts'
import { isRangeRefusal } from './node-errors.ts'
import { readCursor } from './store.ts'
import { readTracedTransfers, TracesUnavailableError, tracedEvents } from './traces.ts'
import { fetchTransactions } from './transactions.ts'

export interface BackfillOptions {
  database: Database
  client: PublicClient
  chainId: number
  /** Blocks per `eth_getLogs` to start with; adapts to what the node refuses. */
  logSpan?: number
  /** Blocks per `trace_filter` to start with (anvil answers at most 301). */
  traceSpan?: number
  /** Time between looks for due jobs when there were none. */
  pollIntervalMs?: number
  /** How long a claimed job is this instance's without a committed step. */
  leaseMs?: number
  /** Wait before a failed job is tried again (doubled per failure in a row, at most an hour). */
  retryMs?: number
  metadata?: MetadataSources
  metadataTimeoutMs?: number
  log?: (line: string) => void
}

/**
 * Reads the past of newly watched accounts from the node's standard JSON-RPC: token logs by
 * `eth_getLogs` with the account in the indexed topics, native transfers (internal ones too) by
 * `trace_filter`, and the transactions they belong to. Each step commits its rows together with the
 * job's cursors; the jobs live in the database, so any instance carries on any job.
 */
export class BackfillWorker {
  private stopped = false
  private loop: Promise<void> | undefined
  private wake = () => {}
  private readonly logSpan: AdaptiveSpan
  private readonly traceSpan: AdaptiveSpan
  private readonly pollIntervalMs: number
  private readonly leaseMs: number
  private readonly retryMs: number
  private readonly log: (line: string) => void

  constructor(private readonly options: BackfillOptions) {
    this.logSpan = new AdaptiveSpan(options.logSpan ?? 10_000)
    this.traceSpan = new AdaptiveSpan(options.traceSpan ?? 301)
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000
    this.leaseMs = options.leaseMs ?? 60_000
    this.retryMs = options.retryMs ?? 5_000
    this.log = options.log ?? ((line) => console.warn(line))
  }

  start(): void {
    this.loop ??= this.run()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake()
    await this.loop
  }

  /** Works due jobs until none is left due; for tests and the benchmark. `maxSteps` stops early. */
  async drain(maxSteps = Number.POSITIVE_INFINITY): Promise<number> {
    let steps = 0
    for (;;) {
      const job = await claimBackfill(this.options.database.db, this.options.chainId, this.leaseMs)
      if (!job) return steps
      steps += await this.work(job, maxSteps - steps)
      if (steps >= maxSteps) return steps
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let worked = false
      try {
        const job = await claimBackfill(this.options.database.db, this.options.chainId, this.leaseMs)
        if (job) worked = (await this.work(job)) >= 0
      } catch (error) {
        this.log(`backfill: chain ${this.options.chainId}: ${messageOf(error)}`)
      }
      if (!worked) await this.sleep(this.pollIntervalMs)
    }
  }

  /**
   * Steps one job until it is done, has to wait for the head, fails, or `maxSteps` is reached (the
   * job then stays leased, as a crashed instance's would). Returns the steps committed.
   */
  private async work(claimed: BackfillJob, maxSteps = Number.POSITIVE_INFINITY): Promise<number> {
    const { database } = this.options
    let job = claimed
    let steps = 0
    try {
      while (!this.stopped && steps < maxSteps) {
        const followed = await followedFrom(database.db, job)
        if (followed === undefined) return steps
        // Until the head follows the account, only blocks the head has stored: a reorg of those
        // rolls this job back with the head, while one of a block past it would go unnoticed.
        const end = followed ?? (await readCursor(database.db, job.chainId))?.number
        if (end === undefined) {
          await releaseBackfill(database.db, job, { retryInMs: this.pollIntervalMs })
          return steps
        }
        const step = await this.step(job, end)
        if (step) {
          job = step
          steps++
          continue
        }
        // Everything up to the head's first block with the account is read: the head has the rest.
        if (followed !== null) await releaseBackfill(database.db, job, { done: true })
        else await releaseBackfill(database.db, job, { retryInMs: this.pollIntervalMs })
        return steps
      }
      return steps
    } catch (error) {
      if (error instanceof BackfillTakenError) return steps
      this.log(`backfill: ${job.address}: ${messageOf(error)}`)
      await releaseBackfill(database.db, job, {
        retryInMs: this.retryMs,
        error: messageOf(error).slice(0, 500),
      })
      return steps
    }
  }

  /** Reads and commits the next range of either half; undefined when both have reached `end`. */
  private async step(job: BackfillJob, end: number): Promise<BackfillJob | undefined> {
    const { database, client } = this.options
    const watched = new Set([job.address])
    const leaseMs = this.leaseMs
    if (job.logsNext <= end) {
      const { logs, through } = await scanLogs(client, this.logSpan, job.logsNext, end, [job.address])
      const blocks = await fetchTransactions(
        client,
        logs.map((log) => log.transactionHash),
        logs,
      )
      const rows = await this.rows(decodeBlocks(blocks), watched)
      return writeBackfillStep(database.db, job, { logsNext: through + 1, rows }, leaseMs)
    }
    if (job.nativeSource === 'traces' && job.nativeNext <= end) {
      const through = Math.min(end, job.nativeNext + this.traceSpan.current - 1)
      let transfers: Awaited<ReturnType<typeof readTracedTransfers>>
      try {
        transfers = await readTracedTransfers(client, job.nativeNext, through, [job.address])
      } catch (error) {
        if (error instanceof TracesUnavailableError) {
          this.log(
            `backfill: chain ${job.chainId}: the node has no trace_filter; native history starts at each account's first watch`,
          )
          return writeBackfillStep(database.db, job, { nativeSource: 'none' }, leaseMs)
        }
        if (!isRangeRefusal(error) || through === job.nativeNext || !this.traceSpan.refused()) throw error
        // Asked again, smaller, by the next step.
        return job
      }
      this.traceSpan.succeeded()
      const blocks = await fetchTransactions(
        client,
        transfers.map((transfer) => transfer.txHash),
        [],
      )
      const decoded = decodeBlocks(blocks)
      const failed = new Set(decoded.transactions.filter((tx) => tx.status === 'failed').map((tx) => tx.hash))
      decoded.events.push(...tracedEvents(transfers.filter((transfer) => !failed.has(transfer.txHash))))
      const rows = await this.rows(decoded, watched)
      return writeBackfillStep(database.db, job, { nativeNext: through + 1, rows }, leaseMs)
    }
    return undefined
  }

  private rows(decoded: ReturnType<typeof decodeBlocks>, watched: ReadonlySet<string>) {
    const { client, database, chainId, metadata, metadataTimeoutMs } = this.options
    return withMetadata(
      { client, db: database.db, chainId, sources: metadata, timeoutMs: metadataTimeoutMs },
      involvingWatched(decoded, watched),
      watched,
    )
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
