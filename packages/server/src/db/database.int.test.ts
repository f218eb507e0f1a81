import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, expect, test } from 'vitest'
import { createProject, getProject } from '../projects/repository.ts'
import { describeEachBackend, type TestStore } from '../test-support/backends.ts'
import { openDatabase } from './database.ts'
import { migrations } from './migrations/index.ts'
import { CONNECT_TIMEOUT_MS } from './postgres-connection.ts'
import { DatabaseUnavailableError } from './unavailable.ts'

describeEachBackend('database', (backend) => {
  let store: TestStore | undefined

  afterEach(async () => {
    await store?.dispose()
    store = undefined
  })

  test('data survives closing and reopening, and migrations run once', async () => {
    store = await backend.createStore()
    const first = await openDatabase(store.options)
    expect(first.kind).toBe(backend.name)
    const project = await createProject(first.db, { name: 'Kept', origins: ['https://kept.example'] })
    await first.close()
    await first.close()

    const second = await openDatabase(store.options)
    try {
      expect(await getProject(second.db, project.id)).toEqual(project)
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        second.db,
      )
      // Each registered migration exactly once, however many later issues add.
      expect(applied.rows).toEqual(Object.keys(migrations).map((name) => ({ name })))
    } finally {
      await second.close()
    }
  })

  test('a transaction that fails leaves nothing behind, and others wait for it', async () => {
    store = await backend.createStore()
    const database = await openDatabase(store.options)
    try {
      const id = '9'.repeat(32)
      const failed = database.db.transaction().execute(async (trx) => {
        await trx.insertInto('projects').values({ id, name: 'Rolled back' }).execute()
        await new Promise((resolve) => setTimeout(resolve, 50))
        throw new Error('boom')
      })
      const outside = database.db.selectFrom('projects').select('id').where('id', '=', id).execute()
      await expect(failed).rejects.toThrow('boom')
      expect(await outside).toEqual([])
      expect(await getProject(database.db, id)).toBeUndefined()
    } finally {
      await database.close()
    }
  })

  if (backend.name === 'pglite') {
    test('a data folder is opened by one process at a time', async () => {
      store = await backend.createStore()
      const first = await openDatabase(store.options)
      try {
        await expect(openDatabase(store.options)).rejects.toThrow(`is in use by process ${process.pid}`)
      } finally {
        await first.close()
      }
      const again = await openDatabase(store.options)
      await again.close()
    })
  } else {
    test('instances starting together on one database migrate once', async () => {
      store = await backend.createStore()
      const options = store.options
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase(options)))
      await Promise.all(databases.map((database) => database.close()))
    })

    test('connections the server ends, in use or holding a session, fail their statements and are replaced', async () => {
      store = await backend.createStore()
      const database = await openDatabase(store.options)
      const admin = new pg.Client({ connectionString: store.options.databaseUrl })
      await admin.connect()
      try {
        const session = await database.session()
        const failure = await database.db.connection().execute(async (connection) => {
          await sql`select 1`.execute(connection)
          // What a restart does to every session, without restarting the shared server.
          await admin.query(`
            select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`)
          await expect.poll(() => session.lost).toBe(true)
          return sql`select 1`.execute(connection).catch((error: unknown) => error)
        })
        expect(failure).toBeInstanceOf(DatabaseUnavailableError)
        await session.end()
        expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }])
      } finally {
        await admin.end()
        await database.close()
      }
    })
  }
})

test(
  'a Postgres server that accepts the connection and never answers fails the open, instead of holding it forever',
  async () => {
    // A TCP listener that takes connections and stays silent: a stuck proxy in front of Postgres.
    const silent = createServer((socket) => socket.on('error', () => {}))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const opened = openDatabase({ databaseUrl: `postgres://portico@127.0.0.1:${port}/portico` })
      await expect(opened).rejects.toThrow(/timeout/i)
    } finally {
      silent.close()
    }
  },
  CONNECT_TIMEOUT_MS * 3,
)
