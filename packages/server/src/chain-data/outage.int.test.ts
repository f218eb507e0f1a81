import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'
import {
  type AnvilHandle,
  DEMO_GENESIS_OFFSET_SECONDS,
  DEV_ACCOUNTS,
  type DemoDeployment,
  ensureDemoDeployment,
  startAnvil,
} from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import type { FastifyInstance } from 'fastify'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { backfillCaughtUp, HistoryResponse } from '../test-support/chain-data.ts'
import { NODE_TIMEOUT_MS } from './node.ts'
import { type ChainServices, startChainServices } from './service.ts'

const me = DEV_ACCOUNTS[0].address
const UNAVAILABLE = {
  error: { code: 'CHAIN_UNAVAILABLE', message: 'The chain node is not answering. Please try again shortly.' },
}
// The node's timeout plus room for a loaded machine; far below the 10 s the routes used to hang.
const PROMPT_MS = NODE_TIMEOUT_MS + 1_500
// Waiting for a few answers of the steady load, not timing them: a balance read is a database query
// and then a read of the chain, which on a loaded machine takes a few of poll's default second.
const LOAD_RUNNING = { timeout: 10_000, interval: 50 }

let dataDir: string
/** A node started with these again is the same chain at the same address: a restarted node. */
let sameNode: { port: number; statePath: string }
let node: AnvilHandle
let deployment: DemoDeployment

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-outage-'))
  sameNode = { port: await freePort(), statePath: join(dataDir, 'anvil-state.json') }
  node = await startAnvil({
    ...sameNode,
    genesisTimestamp: Math.floor(Date.now() / 1000) - DEMO_GENESIS_OFFSET_SECONDS,
  })
  deployment = await ensureDemoDeployment({ rpcUrl: node.rpcUrl, dataDir })
})
afterAll(async () => {
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

interface Answer {
  at: number
  status: number
  ms: number
  body: unknown
}

describeEachBackend('the services outlive their chain node', (backend) => {
  let testDb: TestDatabase
  let chain: ChainServices
  let app: FastifyInstance
  let projectId: string
  const indexerLog: string[] = []

  beforeAll(async () => {
    testDb = await backend.open()
    chain = startChainServices(
      testDb.database,
      {
        rpcUrl: node.rpcUrl,
        chainId: deployment.chainId,
        startBlock: deployment.firstBlock,
        pollIntervalMs: 100,
      },
      (line) => indexerLog.push(line),
    )
    app = await buildServer({ database: testDb.database, chain: chain.chainData })
    projectId = (
      await createProject(testDb.database.db, { name: 'Wallet', origins: ['https://wallet.example'] })
    ).id
    // The account is watched from its first request; its past is backfilled before the node goes away.
    expect((await history()).status).toBe(200)
    // expect.poll is for tests only; a hook waits with vi.waitFor.
    await vi.waitFor(
      async () => {
        if (!(await backfillCaughtUp(testDb.database, deployment.chainId, me)))
          throw new Error("the account's backfill has not caught up")
      },
      { timeout: 60_000, interval: 100 },
    )
    expect(HistoryResponse.parse((await history()).body).data.length).toBeGreaterThan(0)
  })
  afterAll(async () => {
    await app?.close()
    await chain?.stop()
    await testDb?.dispose()
  })

  const call = async (url: string): Promise<Answer> => {
    const started = performance.now()
    const separator = url.includes('?') ? '&' : '?'
    const response = await app.inject({
      url: url.startsWith('/v1') ? `${url}${separator}projectId=${projectId}` : url,
      headers: { origin: 'https://wallet.example' },
    })
    return {
      at: Date.now(),
      status: response.statusCode,
      ms: performance.now() - started,
      body: response.json(),
    }
  }
  const balance = () => call(`/v1/account/${me}/balance?forceUpdate=true`)
  const gasPrice = () => call('/v1/convert/gas-price?chainId=eip155:31337')
  const history = () => call(`/v1/account/${me}/history`)
  const ready = () => call('/health/ready')

  /** Balance requests one after another until stopped: the load a wallet page puts on the route. */
  function steadyLoad() {
    const answers: Answer[] = []
    let running = true
    const loop = (async () => {
      while (running) {
        answers.push(await balance())
        await pause(100)
      }
    })()
    return {
      answers,
      stop: async () => {
        running = false
        await loop
      },
    }
  }

  function report(what: string, answers: Answer[], backAt: number) {
    const failed = answers.filter((a) => a.status !== 200)
    const recovered = answers.find((a) => a.at >= backAt && a.status === 200)
    const slowest = Math.max(0, ...failed.map((a) => a.ms))
    console.info(
      `${backend.name}, ${what}: ${answers.length} balance requests, ${failed.length} answered 503 ` +
        `(slowest ${Math.round(slowest)} ms); first 200 ${((recovered?.at ?? Number.NaN) - backAt) / 1000} s ` +
        'after the node answered again',
    )
    // Every failure is the 503 with its reason: none is a 500, none waited on the node for long.
    expect(failed.every((a) => a.status === 503)).toBe(true)
    expect(slowest).toBeLessThan(PROMPT_MS)
    expect(recovered).toBeDefined()
  }

  test('readiness reports the database and the chain separately while both are up', async () => {
    const answer = await ready()
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      status: 'ok',
      database: { kind: backend.name, ok: true },
      chain: { ok: true, blockNumber: expect.any(Number) },
      indexing: { ok: true, blockNumber: expect.any(Number) },
    })
  })

  test('a stopped node: 503 with the reason at once, the index still answers, then 200 once it is back', async () => {
    const load = steadyLoad()
    await expect.poll(() => load.answers.length, LOAD_RUNNING).toBeGreaterThan(3)
    await node.stop()
    const down = [await balance(), await gasPrice()]
    for (const answer of down) {
      expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE })
      expect(answer.ms).toBeLessThan(PROMPT_MS)
    }
    expect((await history()).status).toBe(200)
    expect((await call(`/v1/account/${me}/nfts`)).status).toBe(200)
    expect((await call('/health')).status).toBe(200)
    const readiness = await ready()
    expect(readiness.status).toBe(503)
    expect(readiness.body).toEqual({
      status: 'unavailable',
      database: { kind: backend.name, ok: true },
      chain: { ok: false, message: UNAVAILABLE.error.message },
    })
    await pause(1_500)

    // The same chain on the same port: what a restarted node looks like to the services.
    node = await startAnvil(sameNode)
    const backAt = Date.now()
    await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 50 }).toBe(200)
    await expect
      .poll(() => load.answers.filter((a) => a.at > backAt && a.status === 200).length, LOAD_RUNNING)
      .toBeGreaterThan(3)
    await load.stop()
    report('node stopped and started again', load.answers, backAt)
    expect((await gasPrice()).status).toBe(200)

    // The indexer kept trying and follows the new node.
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[1].privateKey),
      chain: anvilChain,
      transport: http(node.rpcUrl),
    })
    const sent = await wallet.sendTransaction({ to: me, value: parseEther('0.01') })
    await expect
      .poll(async () => JSON.stringify((await history()).body), { timeout: 10_000, interval: 100 })
      .toContain(sent)
    console.info(
      `${backend.name}: the indexer logged ${indexerLog.length} failed steps while the node was away`,
    )
  })

  test('a frozen node (connections accepted, nothing answered): 503 within the timeout, 200 once it thaws', async () => {
    const load = steadyLoad()
    await expect.poll(() => load.answers.length, LOAD_RUNNING).toBeGreaterThan(3)
    process.kill(node.pid, 'SIGSTOP')
    let backAt = Number.NaN
    try {
      // A request already answered by the node as the signal landed may still come back 200; wait
      // until the services see the freeze, then every chain route must answer 503 within the timeout.
      await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 50 }).toBe(503)
      const [balanceAnswer, gasAnswer, readiness] = await Promise.all([balance(), gasPrice(), ready()])
      for (const answer of [balanceAnswer, gasAnswer])
        expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE })
      expect(readiness.status).toBe(503)
      for (const answer of [balanceAnswer, gasAnswer, readiness]) expect(answer.ms).toBeLessThan(PROMPT_MS)
      console.info(
        `${backend.name}, frozen node: answered 503 after ${Math.round(balanceAnswer.ms)} ms (balance), ` +
          `${Math.round(gasAnswer.ms)} ms (gas price), ${Math.round(readiness.ms)} ms (readiness)`,
      )
      expect((await history()).status).toBe(200)
      // Long enough for the steady load to meet the freeze in full, not just its start.
      await pause(2_000)
    } finally {
      process.kill(node.pid, 'SIGCONT')
      backAt = Date.now()
    }
    await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 50 }).toBe(200)
    await expect
      .poll(() => load.answers.filter((a) => a.at > backAt && a.status === 200).length, LOAD_RUNNING)
      .toBeGreaterThan(3)
    await load.stop()
    report('node frozen and thawed', load.answers, backAt)
  })
})
