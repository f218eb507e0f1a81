import { connect, createServer, type Socket } from 'node:net'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { openDatabase } from './database.ts'
import { listenOnPostgres } from './notifications.ts'

const CHANNEL = 'portico_test_channel'

/**
 * A TCP relay to the database whose `freeze` makes the connections it carries silent without
 * closing them (a stuck proxy, a network dropping packets); connections made after it pass.
 */
async function freezableRelay(target: URL) {
  const carried: Socket[] = []
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname)
    client.pipe(upstream).pipe(client)
    client.on('error', () => {})
    upstream.on('error', () => {})
    carried.push(client, upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze: () => {
      for (const socket of carried.splice(0)) {
        socket.unpipe()
        socket.pause()
      }
    },
    close: () => {
      server.close()
      for (const socket of carried) socket.destroy()
    },
  }
}

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
    test('a listening connection gone silent without closing is reported lost, and listening resumes', async () => {
      const store = await backend.createStore()
      const database = await openDatabase(store.options)
      const target = new URL(String(store.options.databaseUrl))
      const relay = await freezableRelay(target)
      const viaRelay = new URL(target.href)
      viaRelay.host = `127.0.0.1:${relay.port}`
      const heard: string[] = []
      const events: string[] = []
      const stop = listenOnPostgres(
        viaRelay.href,
        CHANNEL,
        {
          onMessage: (payload) => heard.push(payload),
          onListening: () => events.push('listening'),
          onLost: () => events.push('lost'),
        },
        () => {},
        { everyMs: 100, withinMs: 500 },
      )
      const notifyHere = (payload: string) =>
        sql`select pg_notify(${CHANNEL}, ${payload})`.execute(database.db)
      try {
        await expect.poll(() => events).toEqual(['listening'])
        relay.freeze()
        await notifyHere('while silent')
        await expect.poll(() => events, { timeout: 5_000 }).toEqual(['listening', 'lost', 'listening'])
        await notifyHere('after')
        await expect.poll(() => heard).toEqual(['after'])
      } finally {
        await Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 1_000))])
        relay.close()
        await database.close()
        await store.dispose()
      }
    })

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
