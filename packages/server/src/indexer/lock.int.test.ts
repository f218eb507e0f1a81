import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { expect, test } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { type ChainLock, tryLockChain } from './lock.ts'

const CHAIN_ID = 31337
const DATABASE_MODULE = fileURLToPath(new URL('../db/database.ts', import.meta.url))
const LOCK_MODULE = fileURLToPath(new URL('./lock.ts', import.meta.url))

describeEachBackend('indexer lock', (backend) => {
  test('one holder at a time; free again once released', async () => {
    const { database, dispose } = await backend.open()
    try {
      const first = await tryLockChain(database, CHAIN_ID)
      expect(first?.lost).toBe(false)
      expect(await tryLockChain(database, CHAIN_ID)).toBeUndefined()
      await first?.release()
      const second = await tryLockChain(database, CHAIN_ID)
      expect(second).toBeDefined()
      await second?.release()
    } finally {
      await dispose()
    }
  })

  // PGlite's one session lives in this process: there is no connection to lose.
  if (backend.name === 'postgres') {
    test('a holder frozen in place (SIGSTOP) loses the lock once its lease runs out, and a standby takes it', async () => {
      const store = await backend.createStore()
      const database = await openDatabase(store.options)
      const holder = spawn(
        process.execPath,
        [
          ...['--import', 'tsx', '--input-type=module', '--eval'],
          `import { openDatabase } from ${JSON.stringify(DATABASE_MODULE)}
import { tryLockChain } from ${JSON.stringify(LOCK_MODULE)}
const database = await openDatabase({ databaseUrl: process.env.LOCK_DATABASE_URL })
const lock = await tryLockChain(database, ${CHAIN_ID}, 1_000)
console.log(lock ? 'locked' : 'refused')`,
        ],
        {
          env: { ...process.env, LOCK_DATABASE_URL: store.options.databaseUrl },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      try {
        const said = await Promise.race([
          once(createInterface({ input: holder.stdout }), 'line').then(([line]) => String(line)),
          once(holder, 'exit').then(([code]) => `exited with ${code}`),
        ])
        expect(said).toBe('locked')
        expect(await tryLockChain(database, CHAIN_ID)).toBeUndefined()
        holder.kill('SIGSTOP')
        let standby: ChainLock | undefined
        await expect
          .poll(
            async () => {
              standby ??= await tryLockChain(database, CHAIN_ID)
              return standby !== undefined
            },
            { timeout: 15_000, interval: 250 },
          )
          .toBe(true)
        await standby?.release()
      } finally {
        holder.kill('SIGKILL')
        await database.close()
        await store.dispose()
      }
    })

    test('a lock whose connection the server ends is reported lost at once, and can be taken again', async () => {
      const store = await backend.createStore()
      const database = await openDatabase(store.options)
      const admin = new pg.Client({ connectionString: store.options.databaseUrl })
      await admin.connect()
      try {
        const lock = await tryLockChain(database, CHAIN_ID)
        await admin.query(`
          select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and objid = ${CHAIN_ID} and database = (
            select oid from pg_database where datname = current_database())`)
        // Well before the periodic check would have run into it.
        await expect.poll(() => lock?.lost, { timeout: 1_000 }).toBe(true)
        await lock?.release()
        const again = await tryLockChain(database, CHAIN_ID)
        expect(again?.lost).toBe(false)
        await again?.release()
      } finally {
        await admin.end()
        await database.close()
        await store.dispose()
      }
    })
  }
})
