import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { migrateToLatest } from './migrate.ts'
import { pglitePool } from './pglite-pool.ts'
import type { Tables } from './tables.ts'

export interface OpenDatabaseOptions {
  /** A Postgres connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string
  /** Where PGlite keeps its files (in `<dataDir>/pglite`); in memory when absent. */
  dataDir?: string
}

export interface Database {
  db: Kysely<Tables>
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Opens the database and applies any pending migrations before anyone can query it. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const backend = options.databaseUrl ? postgres(options.databaseUrl) : await pglite(options.dataDir)
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: backend.pool }) })
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= db.destroy().finally(backend.unlock)
    return closing
  }
  try {
    await migrateToLatest(db)
  } catch (error) {
    await close()
    throw error
  }
  return { db, kind: backend.kind, close }
}

interface Backend {
  kind: Database['kind']
  pool: PostgresPool
  unlock: () => Promise<void>
}

function postgres(connectionString: string): Backend {
  const pool = new pg.Pool({ connectionString })
  // An idle client that loses its connection is dropped by the pool; without a listener the
  // 'error' event would crash the process.
  pool.on('error', (error) => console.error(`postgres: idle connection failed: ${error.message}`))
  return { kind: 'postgres', pool, unlock: async () => {} }
}

async function pglite(dataDir: string | undefined): Promise<Backend> {
  if (dataDir === undefined) return { kind: 'pglite', pool: pglitePool(await PGlite.create()), unlock: async () => {} }
  await mkdir(dataDir, { recursive: true })
  const unlock = await lockDataDir(dataDir)
  try {
    return { kind: 'pglite', pool: pglitePool(await PGlite.create(join(dataDir, 'pglite'))), unlock }
  } catch (error) {
    await unlock()
    throw error
  }
}
