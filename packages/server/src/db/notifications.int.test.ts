import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'

const CHANNEL = 'portico_test_channel'

describeEachBackend('notifications', (backend) => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await backend.open()
  })
  afterAll(async () => {
    await testDb?.dispose()
  })

  async function listening() {
    const heard: string[] = []
    const events: string[] = []
    const stop = await testDb.database.listen(CHANNEL, {
      onMessage: (payload) => heard.push(payload),
      onListening: () => events.push('listening'),
      onLost: () => events.push('lost'),
    })
    await expect.poll(() => events).toContain('listening')
    return { heard, events, stop }
  }
  const notify = (payload: string) =>
    sql`select pg_notify(${CHANNEL}, ${payload})`.execute(testDb.database.db)

  test('a message is heard once its transaction commits, never before, and not after a rollback', async () => {
    const { heard, stop } = await listening()
    try {
      await testDb.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_notify(${CHANNEL}, 'rolled back')`.execute(trx)
          throw new Error('abort')
        })
        .catch(() => {})
      await testDb.database.db.transaction().execute(async (trx) => {
        await sql`select pg_notify(${CHANNEL}, 'committed')`.execute(trx)
        expect(heard).toEqual([])
      })
      await expect.poll(() => heard).toEqual(['committed'])
    } finally {
      await stop()
    }
  })

  // PGlite runs in this process: its listener has no connection to lose.
  if (backend.name === 'postgres') {
    test('a lost listening connection is reported and comes back by itself', async () => {
      const { heard, events, stop } = await listening()
      try {
        await sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`.execute(testDb.database.db)
        await expect.poll(() => events, { timeout: 5_000 }).toEqual(['listening', 'lost', 'listening'])
        await notify('after reconnect')
        await expect.poll(() => heard).toEqual(['after reconnect'])
      } finally {
        await stop()
      }
    })
  }
})
