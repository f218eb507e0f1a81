import { sql } from 'kysely'
import type { Database } from '../db/database.ts'

/** The first half of the two-key advisory lock: "Portico indexer"; the second half is the chain id. */
export const LOCK_CLASS = 0x70_6f_72_74 // 'port'
/**
 * How long a Postgres lock holder may go without a word before the server ends its session and so
 * frees the lock: a holder frozen (SIGSTOP, a paused VM) gives way to a standby within this time.
 */
export const LOCK_LEASE_MS = 30_000

export interface ChainLock {
  /** True once the session holding the lock is gone: the lock is then no longer ours. */
  readonly lost: boolean
  /** Lets go of the lock, or of what is left of a lost one; never throws. */
  release(): Promise<void>
}

/**
 * Takes the per-chain indexer lock, or answers undefined when another indexer holds it.
 *
 * A Postgres advisory lock belongs to a session, so it is taken on a session of its own that is
 * kept for as long as the lock is held. When that connection ends (a database restart ends them
 * all) the lock is gone, and `lost` says so at once; a statement every few seconds makes a server
 * that went away silently answer, so that is noticed too. The same statement renews a lease: the
 * session's `idle_session_timeout`, after which Postgres ends a session that said nothing, so the
 * lock of a frozen holder frees itself; a holder that wakes up finds its session gone, and the
 * cursor's compare-and-set (`writeBatch`) refuses what it had in hand. PGlite has a single session shared by
 * everything in the process, where `pg_try_advisory_lock` would succeed again for a second
 * indexer; the statement therefore also refuses a lock this very session already holds — atomic,
 * being one statement on one connection.
 */
export async function tryLockChain(
  database: Database,
  chainId: number,
  leaseMs = LOCK_LEASE_MS,
): Promise<ChainLock | undefined> {
  const take = sql<{ locked: boolean }>`
    select case
      when exists (
        select 1 from pg_locks
        where locktype = 'advisory' and pid = pg_backend_pid()
          and classid = ${LOCK_CLASS} and objid = ${chainId} and objsubid = 2
      ) then false
      else pg_try_advisory_lock(${LOCK_CLASS}, ${chainId})
    end as locked`
  const unlock = sql`select pg_advisory_unlock(${LOCK_CLASS}, ${chainId})`

  const session = await database.session()
  let locked = false
  try {
    // Set on the session before the lock is taken, so no moment holds the lock without the lease.
    if (database.kind === 'postgres')
      await sql`select set_config('idle_session_timeout', ${String(leaseMs)}, false)`.execute(session.db)
    const { rows } = await take.execute(session.db)
    locked = rows[0]?.locked === true
  } finally {
    if (!locked) await session.end()
  }
  if (!locked) return undefined

  // A failed check needs no handling here: the session sees its connection end and reports it lost.
  const check = setInterval(() => void sql`select 1`.execute(session.db).catch(() => {}), leaseMs / 6)
  check.unref()
  return {
    get lost() {
      return session.lost
    },
    release: async () => {
      clearInterval(check)
      // Ending a Postgres session frees its locks anyway; the unlock is for PGlite's shared one,
      // where it fails only once the database is closed.
      if (!session.lost) await unlock.execute(session.db).catch(() => {})
      await session.end()
    },
  }
}
