import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { installErrorHandling } from './errors.ts'
import { installZodSchemas, type ZodTypeProvider } from './route-schema.ts'

const Query = z.object({ st: z.enum(['react', 'html']), page: z.coerce.number().int().default(1) })
const Body = z.object({ name: z.string(), tags: z.array(z.string()).default([]) })
const Answer = z.object({ id: z.string() })

let app: FastifyInstance
const reached: unknown[] = []

beforeAll(async () => {
  app = Fastify({ logger: false })
  installZodSchemas(app)
  installErrorHandling(app)
  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>()
    routes.post('/things', { schema: { querystring: Query, body: Body } }, async (request) => {
      reached.push({ query: request.query, body: request.body })
      return { ok: true }
    })
    routes.get(
      '/answer/:id',
      { schema: { params: z.object({ id: z.string() }), response: { 200: Answer } } },
      async (request) =>
        // The extra field stands for a database row's columns that are not part of the contract.
        ({ id: request.params.id, secret: 'not for the caller' }),
    )
    routes.get('/wrong', { schema: { response: { 200: Answer } } }, async () => ({ id: 42 }) as never)
  })
})

afterAll(async () => {
  await app.close()
})

test('a bad query field is a 400 naming query.<field>, in the usual error shape', async () => {
  const response = await app.inject({ method: 'POST', url: '/things?st=vue', payload: { name: 'a' } })
  expect(response.statusCode).toBe(400)
  expect(response.json()).toEqual({
    error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^query\.st: Invalid option/) },
  })
})

test('a lone surrogate in the body is a 400 before the schema looks at the body', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/things?st=react',
    headers: { 'content-type': 'application/json' },
    // The schema would refuse `name: 1` too; the unstorable text is reported first.
    payload: '{"name":1,"tags":["ok","x\\ud800"]}',
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().error.message).toBe('body.tags.1: must be well-formed Unicode (no lone surrogates)')
})

test('a good request reaches the handler parsed, defaults and coercions applied', async () => {
  reached.length = 0
  const response = await app.inject({ method: 'POST', url: '/things?st=html&page=3', payload: { name: 'a' } })
  expect(response.statusCode).toBe(200)
  expect(reached).toEqual([{ query: { st: 'html', page: 3 }, body: { name: 'a', tags: [] } }])
})

test('a response schema strips what it does not name', async () => {
  const response = await app.inject({ url: '/answer/7' })
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe('{"id":"7"}')
})

test('an answer outside its response schema is a 500 that says nothing of its detail', async () => {
  const response = await app.inject({ url: '/wrong' })
  expect(response.statusCode).toBe(500)
  expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal error' } })
})
