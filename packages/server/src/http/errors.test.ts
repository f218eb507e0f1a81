import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { installErrorHandling } from './errors.ts'

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
