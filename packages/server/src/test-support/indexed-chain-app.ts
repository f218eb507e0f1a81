import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { Database } from '../db/database.ts'
import type { IndexerOptions } from '../indexer/indexer.ts'
import type { Backend, TestDatabase } from './backends.ts'
import type { TestChain } from './chain.ts'
import { chainApp, settleChain } from './chain-data.ts'

export interface IndexedChainApp {
  database: Database
  app: FastifyInstance
  get(path: string): Promise<{ status: number; body: unknown }>
}

/**
 * For a suite of describeEachBackend: a fresh database on `backend` with the dev accounts watched,
 * their backfills settled and the head followed to the chain's head, and the chain routes on it,
 * opened before the suite's tests and closed after them. The fields are set in that beforeAll, so
 * read them in hooks and tests only; `chain` and `indexer` are asked for then too, when the file's
 * own hooks have made what they return.
 */
export function indexedChainApp(
  backend: Backend,
  chain: () => TestChain,
  indexer: () => Partial<IndexerOptions> = () => ({}),
): IndexedChainApp {
  const suite = {} as IndexedChainApp
  let testDb: TestDatabase | undefined
  beforeAll(async () => {
    testDb = await backend.open()
    const { database } = testDb
    await settleChain(database, chain(), indexer())
    const { app, get } = await chainApp(database, chain())
    Object.assign(suite, { database, app, get })
  })
  afterAll(async () => {
    await suite.app?.close()
    await testDb?.dispose()
  })
  return suite
}
