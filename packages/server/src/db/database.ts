import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import pg from 'pg'
import { makePrivate, preparePrivateDataDir } from './data-dir.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { migrateToLatest } from './migrate.ts'
import {
  type ChannelHandlers,
  listenOnPglite,
  listenOnPostgres,
  type StopListening,
} from './notifications.ts'
import { pglitePool } from './pglite-pool.ts'
import { postgresConnection } from './postgres-connection.ts'
import { preparingPool } from './prepared-statements.ts'
import { postgresSession, type Session } from './session.ts'
import type { Tables } from './tables.ts'

export interface OpenDatabaseOptions {
  /** A Postgres connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string
  /** Where PGlite keeps its files (in `<dataDir>/pglite`); in memory when absent. */
  dataDir?: string
  /** Where connection trouble the database recovers from is reported; stderr by default. */
  warn?: (line: string) => void
}

export interface Database {
  db: Kysely<Tables>
  kind: 'pglite' | 'postgres'
  /** The migrations this open applied, oldest first; empty when the schema was already current. */
  migrated: readonly string[]
  /** Hears what any connection sends to `channel` with NOTIFY, once its transaction commits. */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>
  /**
   * A session of its own for state that lives with it (an advisory lock): on Postgres a new
   * connection, which a database restart ends; on PGlite the one session everything shares.
   */
  session(): Promise<Session>
  close(): Promise<void>
}

/** Opens the database and applies any pending migrations before anyone can query it. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const backend = options.databaseUrl
    ? postgres(options.databaseUrl, options.warn ?? console.error)
    : await pglite(options.dataDir)
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: backend.pool }) })
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= db.destroy().finally(backend.afterClose)
    return closing
  }
  let migrated: string[]
  try {
    migrated = await migrateToLatest(db)
  } catch (error) {
    await close()
    throw error
  }
  const session = backend.session ?? (async () => ({ db, lost: false, end: async () => {} }))
  return { db, kind: backend.kind, migrated, listen: backend.listen, session, close }
}

interface Backend {
  kind: Database['kind']
  pool: PostgresPool
  listen: Database['listen']
  /** Absent on PGlite, where the pool itself is the one session. */
  session?: Database['session']
  /** Runs once Kysely has closed the pool. */
  afterClose: () => Promise<void>
}

function postgres(connectionString: string, warn: (line: string) => void): Backend {
  const pool = new pg.Pool(postgresConnection(connectionString))
  // An idle client that loses its connection is dropped by the pool; without a listener the
  // 'error' event would crash the process.
  pool.on('error', (error) => warn(`postgres: idle connection failed: ${error.message}`))
  // pg-pool's end() resolves before its clients have said goodbye; waiting for them lets a
  // caller drop the database or exit right after close().
  const clients = new Set<pg.PoolClient>()
  let drained = () => {}
  pool.on('connect', (client) => clients.add(client))
  pool.on('remove', (client) => {
    clients.delete(client)
    if (clients.size === 0) drained()
  })
  const afterClose = () =>
    new Promise<void>((resolve) => {
      drained = resolve
      if (clients.size === 0) resolve()
    })
  return {
    kind: 'postgres',
    pool: preparingPool(pool),
    listen: async (channel, handlers) => listenOnPostgres(connectionString, channel, handlers, warn),
    session: () => postgresSession(connectionString),
    afterClose,
  }
}

async function pglite(dataDir: string | undefined): Promise<Backend> {
  if (dataDir === undefined) return embedded(await PGlite.create(), async () => {})
  await preparePrivateDataDir(dataDir)
  const unlock = await lockDataDir(dataDir)
  try {
    const instance = await PGlite.create(join(dataDir, 'pglite'))
    await makePrivate(join(dataDir, 'pglite')).catch(async (error: unknown) => {
      await instance.close()
      throw error
    })
    return embedded(instance, unlock)
  } catch (error) {
    await unlock()
    throw error
  }
}

function embedded(instance: PGlite, afterClose: () => Promise<void>): Backend {
  return {
    kind: 'pglite',
    pool: pglitePool(instance),
    listen: (channel, handlers) => listenOnPglite(instance, channel, handlers),
    afterClose,
  }
}
