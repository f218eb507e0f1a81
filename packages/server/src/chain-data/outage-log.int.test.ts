import { freePort } from '@portico/contracts/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { OUTAGE_RETRY_AFTER_S } from '../http/outage.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { type ChainServices, startChainServices } from './service.ts'

// A node that is not there at all (nothing listens on its port): every read is refused at once.
// PGlite only: what is tested is the answer and the log, not the database.
let database: Database
let chain: ChainServices
let app: FastifyInstance
let projectId: string
const lines: { level: number; msg: string }[] = []

beforeAll(async () => {
  database = await openDatabase({})
  chain = startChainServices(database, {
    rpcUrl: `http://127.0.0.1:${await freePort()}`,
    chainId: 31337,
    index: false,
  })
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) }
  app = await buildServer({ database, chain: chain.chainData, logger: { level: 'info', stream } })
  projectId = (await createProject(database.db, { name: 'Wallet', origins: ['https://wallet.example'] })).id
})
afterAll(async () => {
  await app?.close()
  await chain?.stop()
  await database?.close()
})

test('while the node is away every refused request says when to come back, and the log gets one line, not fifty', async () => {
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      app.inject({
        url: `/v1/convert/gas-price?chainId=eip155:31337&projectId=${projectId}`,
        headers: { origin: 'https://wallet.example' },
      }),
    ),
  )
  for (const answer of answers) {
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_S))
    expect(answer.json().error.code).toBe('CHAIN_UNAVAILABLE')
  }
  const warnings = lines.filter((line) => line.level === 40)
  expect(warnings).toHaveLength(1)
  expect(warnings[0]?.msg).toMatch(/^Chain node unavailable: /)
  expect(lines.filter((line) => line.level >= 50)).toEqual([])
})
