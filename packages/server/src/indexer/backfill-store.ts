import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { announce, insertRows, type Rows } from './store.ts'

/** One account's backfill as claimed: how far each half has read. */
export interface BackfillJob {
  chainId: number
  address: string
  /** Token logs are read from this block on. */
  logsNext: number
  /** Native transfers (traces) are read from this block on. */
  nativeNext: number
  nativeSource: 'traces' | 'none'
}

/** How far a step moved the job, with what it found. */
export interface BackfillProgress {
  logsNext?: number
  nativeNext?: number
  nativeSource?: 'none'
  rows?: Rows
}

/**
 * Takes the next due backfill of the chain for `leaseMs`, or undefined when none is due. Two
 * instances never take the same one (`skip locked`), and a crashed instance's lease runs out, so
 * another carries on where its last committed step left it.
 */
export async function claimBackfill(
  db: Kysely<Tables>,
  chainId: number,
  leaseMs: number,
): Promise<BackfillJob | undefined> {
  const { rows } = await sql<{
    address: string
    logs_next_block: string | number
    native_next_block: string | number
    native_source: 'traces' | 'none'
  }>`
    update chain_backfills b set leased_until = now() + ${leaseMs} * interval '1 millisecond'
    from (
      select chain_id, address from chain_backfills
      where chain_id = ${chainId} and not done and next_attempt_at <= now()
        and (leased_until is null or leased_until < now())
      order by next_attempt_at limit 1
      for update skip locked
    ) due
    where b.chain_id = due.chain_id and b.address = due.address
    returning b.address, b.logs_next_block, b.native_next_block, b.native_source`.execute(db)
  const row = rows[0]
  return (
    row && {
      chainId,
      address: row.address,
      logsNext: Number(row.logs_next_block),
      nativeNext: Number(row.native_next_block),
      nativeSource: row.native_source,
    }
  )
}

/** The first block the head followed the account from; null while it has not; undefined once unwatched. */
export async function followedFrom(db: Kysely<Tables>, job: BackfillJob): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('chain_watched_addresses')
    .select('followed_from_block')
    .where('chain_id', '=', job.chainId)
    .where('address', '=', job.address)
    .executeTakeFirst()
  return row && (row.followed_from_block === null ? null : Number(row.followed_from_block))
}

/** Another instance moved the job since it was claimed (its lease ran out meanwhile). */
export class BackfillTakenError extends Error {
  override name = 'BackfillTakenError'
}

/**
 * Stores what a step found and moves the job's cursors in one transaction, only if the job is where
 * this instance left it: a restart in the middle loses nothing, and nothing is written twice.
 * Renews the lease. Returns the job as it now stands.
 */
export async function writeBackfillStep(
  db: Kysely<Tables>,
  job: BackfillJob,
  progress: BackfillProgress,
  leaseMs: number,
): Promise<BackfillJob> {
  const next: BackfillJob = {
    ...job,
    logsNext: progress.logsNext ?? job.logsNext,
    nativeNext: progress.nativeNext ?? job.nativeNext,
    nativeSource: progress.nativeSource ?? job.nativeSource,
  }
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('chain_backfills')
      .set({
        logs_next_block: next.logsNext,
        native_next_block: next.nativeNext,
        native_source: next.nativeSource,
        leased_until: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        failures: 0,
        last_error: null,
      })
      .where('chain_id', '=', job.chainId)
      .where('address', '=', job.address)
      .where('logs_next_block', '=', job.logsNext)
      .where('native_next_block', '=', job.nativeNext)
      .where('done', '=', false)
      .executeTakeFirst()
    if (moved.numUpdatedRows !== 1n)
      throw new BackfillTakenError(`The backfill of ${job.address} moved elsewhere`)
    if (progress.rows) await insertRows(trx, job.chainId, progress.rows)
    // The history answer says from when native transfers are shown: pages kept in caches must go.
    if (progress.nativeSource === 'none') await announce(trx, job.chainId, new Set([job.address]))
  })
  return next
}

/** Ends a job: `done`, or put back to be picked up after `retryInMs` (waiting for the head, or after an error). */
export async function releaseBackfill(
  db: Kysely<Tables>,
  job: BackfillJob,
  outcome: { done: true } | { retryInMs: number; error?: string },
): Promise<void> {
  const failed = 'error' in outcome && outcome.error !== undefined
  await db
    .updateTable('chain_backfills')
    .set({
      leased_until: null,
      ...('done' in outcome
        ? { done: true }
        : {
            // After an error the wait doubles with each failure in a row, up to an hour.
            next_attempt_at: failed
              ? sql`now() + least(3600000, ${outcome.retryInMs} * power(2, least(failures, 10))) * interval '1 millisecond'`
              : sql`now() + ${outcome.retryInMs} * interval '1 millisecond'`,
            ...(failed ? { failures: sql`failures + 1`, last_error: outcome.error } : {}),
          }),
    })
    .where('chain_id', '=', job.chainId)
    .where('address', '=', job.address)
    .execute()
}

/** When native transfers start to be shown for the account: its first watch, if the node has no traces. */
export async function nativeHistoryFrom(
  db: Kysely<Tables>,
  chainId: number,
  address: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('chain_backfills as b')
    .innerJoin('chain_watched_addresses as w', (join) =>
      join.onRef('w.chain_id', '=', 'b.chain_id').onRef('w.address', '=', 'b.address'),
    )
    .select('w.first_watched_at')
    .where('b.chain_id', '=', chainId)
    .where('b.address', '=', address)
    .where('b.native_source', '=', 'none')
    .executeTakeFirst()
  return row ? new Date(row.first_watched_at) : null
}
