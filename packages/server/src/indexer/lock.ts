import { sql } from 'kysely'
import type { Database } from '../db/database.ts'

/** The first half of the two-key advisory lock: "Portico indexer"; the second half is the chain id. */
const LOCK_CLASS = 0x70_6f_72_74 // 'port'
const CHECK_INTERVAL_MS = 5_000

export interface ChainLock {
  /** True once the session holding the lock is gone: the lock is then no longer ours. */
  readonly lost: boolean
  release(): Promise<void>
}

/**
 * Takes the per-chain indexer lock, or answers undefined when another indexer holds it.
 *
 * A Postgres advisory lock belongs to a session, so on Postgres one pooled connection is kept
 * for as long as the lock is held (and checked every few seconds, so a dropped connection is
 * noticed). PGlite has a single session shared by everything in the process, where
 * `pg_try_advisory_lock` would succeed again for a second indexer; the statement therefore also
 * refuses a lock this very session already holds — atomic, being one statement on one connection.
 */
export async function tryLockChain(database: Database, chainId: number): Promise<ChainLock | undefined> {
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

  if (database.kind === 'pglite') {
    const { rows } = await take.execute(database.db)
    if (!rows[0]?.locked) return undefined
    return {
      lost: false,
      release: async () => {
        await unlock.execute(database.db)
      },
    }
  }

  let stop = () => {}
  const stopped = new Promise<void>((resolve) => {
    stop = resolve
  })
  let lost = false
  return new Promise<ChainLock | undefined>((resolve, reject) => {
    const held = database.db
      .connection()
      .execute(async (connection) => {
        const { rows } = await take.execute(connection)
        if (!rows[0]?.locked) return resolve(undefined)
        resolve({
          get lost() {
            return lost
          },
          release: async () => {
            stop()
            await held
          },
        })
        let done = false
        void stopped.then(() => {
          done = true
        })
        while (!done) {
          await Promise.race([stopped, new Promise((wake) => setTimeout(wake, CHECK_INTERVAL_MS).unref())])
          if (!done) await sql`select 1`.execute(connection)
        }
        await unlock.execute(connection)
      })
      .catch((error: unknown) => {
        lost = true
        reject(error)
      })
  })
}
