import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe } from 'vitest'
import { type Database, type OpenDatabaseOptions, openDatabase } from '../db/database.ts'
import { createScratchDatabase } from '../db/scratch-database.ts'

/**
 * The databases the integration suites run against: always PGlite, and Postgres when
 * TEST_DATABASE_URL points at a server where the test user may create databases. Every store is
 * a fresh database (a temp folder, or `CREATE DATABASE`) that is removed afterwards.
 */
export interface Backend {
  name: Database['kind']
  /** Why the suites on this backend are skipped, when they are. */
  skipReason?: string
  /** A fresh empty database, opened; PGlite keeps it in memory. */
  open(): Promise<TestDatabase>
  /** A fresh empty place to keep data that can be opened, closed and reopened, also by other processes. */
  createStore(): Promise<TestStore>
}

export interface TestDatabase {
  database: Database
  dispose(): Promise<void>
}

export interface TestStore {
  options: OpenDatabaseOptions
  /** The same place as environment variables, for the CLI. */
  env: Record<string, string>
  dispose(): Promise<void>
}

/** PGlite alone: for the tests that read the files it writes. */
export const pglite: Backend = {
  name: 'pglite',
  async open() {
    const database = await openDatabase({})
    return { database, dispose: () => database.close() }
  },
  async createStore() {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-test-'))
    return {
      options: { dataDir },
      env: { DATA_DIR: dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    }
  },
}

function postgres(adminUrl: string | undefined): Backend {
  const createStore = async (): Promise<TestStore> => {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
    const { url, drop } = await createScratchDatabase(
      adminUrl,
      `portico_test_${randomBytes(8).toString('hex')}`,
    )
    return { options: { databaseUrl: url }, env: { DATABASE_URL: url }, dispose: drop }
  }
  return {
    name: 'postgres',
    skipReason: adminUrl ? undefined : 'set TEST_DATABASE_URL to run against Postgres',
    createStore,
    async open() {
      const store = await createStore()
      const database = await openDatabase(store.options)
      return {
        database,
        dispose: async () => {
          await database.close()
          await store.dispose()
        },
      }
    },
  }
}

/** The Postgres server TEST_DATABASE_URL points at, when it is set. */
export const postgresServer: Backend = postgres(process.env.TEST_DATABASE_URL || undefined)

const BACKENDS: Backend[] = [pglite, postgresServer]

/**
 * Declares a suite once per backend. A backend that is not configured still shows up, with all
 * its cases reported as skipped and the reason in the title, rather than silently passing.
 */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  describe.each(BACKENDS.map((backend) => [backend.name, backend] as const))('%s', (_name, backend) => {
    const reason = backend.skipReason
    describe.skipIf(reason !== undefined)(reason ? `${title} (skipped: ${reason})` : title, () =>
      body(backend),
    )
  })
}
