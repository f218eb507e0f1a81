import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { SwapsConfig } from '../convert/config.ts'
import type { Database } from '../db/database.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import type { Backend, TestDatabase } from './backends.ts'

// Apart from deployTestSwaps (swaps.ts), which the fuzz command uses outside vitest.
const PAGE = 'http://127.0.0.1:3000'

/** The status and parsed JSON body, as loosely typed as Fastify's `inject` gives it. */
const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json(),
})
type Answer = ReturnType<typeof answerOf>

export interface SwapApp {
  database: Database
  app: FastifyInstance
  /** The project the calls are made for, from `origin`. */
  projectId: string
  origin: string
  /** GET `/v1<path>` from the project's page; `path` carries its own query. */
  get(path: string): Promise<Answer>
  /** POST `/v1<path>` with a JSON body (a string is sent as it is). */
  post(path: string, payload: unknown): Promise<Answer>
}

/**
 * For a suite of describeEachBackend: the services with `swaps()` on a fresh database of `backend`
 * and a project for the calls, opened before the suite's tests and closed after them.
 */
export function swapApp(backend: Backend, swaps: () => SwapsConfig): SwapApp {
  const suite = {} as SwapApp
  let testDb: TestDatabase | undefined
  let projectId = ''
  beforeAll(async () => {
    testDb = await backend.open()
    const { database } = testDb
    const app = await buildServer({ database, swaps: swaps() })
    projectId = (await createProject(database.db, { name: 'Swaps', origins: [PAGE] })).id
    const call = async (method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer> => {
      const response = await app.inject({
        method,
        url: `/v1${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`,
        headers: { origin: PAGE, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      })
      return answerOf(response)
    }
    Object.assign(suite, {
      database,
      app,
      projectId,
      origin: PAGE,
      get: (path: string) => call('GET', path),
      post: (path: string, payload: unknown) => call('POST', path, payload),
    })
  })
  afterAll(async () => {
    await suite.app?.close()
    await testDb?.dispose()
  })
  return suite
}
