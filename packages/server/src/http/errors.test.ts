import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { installErrorHandling } from './errors.ts'
import { OUTAGE_RETRY_AFTER_S, OutageLog } from './outage.ts'

async function answerTo(error: Error) {
  const app = Fastify({ logger: false })
  installErrorHandling(app)
  app.get('/', async () => {
    throw error
  })
  const response = await app.inject({ url: '/' })
  await app.close()
  return { status: response.statusCode, body: response.json() }
}

test('a database that is away is a 503 the caller may retry, in the usual shape', async () => {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  })
  expect(await answerTo(new DatabaseUnavailableError(cause))).toEqual({
    status: 503,
    body: {
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/database is unavailable/) },
    },
  })
})

test('any other failure is a 500 that says nothing of its detail', async () => {
  expect(await answerTo(new Error('relation "secrets" does not exist'))).toEqual({
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'Internal error' } },
  })
})

test('an outage: each 503 carries Retry-After; the first refusal is logged, then one line per interval with a count', async () => {
  const lines: { level: number; msg: string }[] = []
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line) => lines.push(JSON.parse(line)) } },
  })
  let clock = 0
  installErrorHandling(app, new OutageLog(10_000, () => clock))
  app.get('/', async () => {
    throw new DatabaseUnavailableError(new Error('connection refused'))
  })
  for (let i = 0; i < 50; i++) {
    const response = await app.inject({ url: '/' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_S))
  }
  clock = 10_000
  await app.inject({ url: '/' })
  await app.close()
  expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
    'Database unavailable: connection refused',
    'Database unavailable: connection refused (49 more refused since the last line)',
  ])
})
