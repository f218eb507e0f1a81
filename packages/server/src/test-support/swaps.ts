import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_POOL_TOKENS, DEMO_TOKEN_ICONS, ensureUniswap, type UniswapDeployment } from '@portico/contracts'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { type SwapsConfig, SwapsOptions } from '../convert/config.ts'
import type { Database } from '../db/database.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import type { Backend, TestDatabase } from './backends.ts'
import type { TestChain } from './chain.ts'

export interface TestSwaps {
  uniswap: UniswapDeployment
  /** The `swaps` option for the chain, as `npm start` passes it. */
  config: SwapsConfig
}

/** Uniswap V2 and the demo pools on a test chain, and the services' swaps configuration for them. */
export async function deployTestSwaps(chain: TestChain): Promise<TestSwaps> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-swaps-'))
  try {
    const tokens = DEMO_POOL_TOKENS.map((key) => chain.deployment.tokens[key])
    const uniswap = await ensureUniswap({ rpcUrl: chain.rpcUrl, dataDir, tokens })
    const { router, factory, weth } = uniswap
    const config = SwapsOptions.parse({
      chains: {
        [chain.deployment.chainId]: {
          rpcUrl: chain.rpcUrl,
          router,
          factory,
          weth,
          tokens,
          tokenIcons: DEMO_TOKEN_ICONS,
        },
      },
    })
    return { uniswap, config }
  } finally {
    // The record only matters to a later start on the same chain; a test chain has none.
    await rm(dataDir, { recursive: true, force: true })
  }
}

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
