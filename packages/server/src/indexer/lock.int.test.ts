import pg from 'pg'
import { expect, test } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { tryLockChain } from './lock.ts'

const CHAIN_ID = 31337

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
