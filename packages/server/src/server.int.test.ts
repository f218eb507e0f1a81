import { ServerErrorText } from '@portico/core/shared'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addOrigin, createProject, type Project } from './projects/repository.ts'
import { buildServer } from './server.ts'
import { describeEachBackend, type TestDatabase } from './test-support/backends.ts'

const PAGE = 'https://shop.example'
const UNKNOWN_ID = 'f'.repeat(32)

describeEachBackend('services server', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({ database: testDb.database })
    project = await createProject(testDb.database.db, {
      name: 'Shop',
      origins: [PAGE, 'http://localhost:3000'],
    })
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const call = (options: InjectOptions) => app.inject(options)
  const origins = (id: string) => `/v1/projects/${id}/origins`

  test('a known project from an allowed origin gets its answer and CORS headers', async () => {
    const response = await call({
      url: `${origins(project.id)}?st=react&sv=1.0.0`,
      headers: { origin: PAGE },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ allowedOrigins: ['http://localhost:3000', PAGE] })
    expect(response.headers['access-control-allow-origin']).toBe(PAGE)
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.headers.vary).toContain('Origin')
  })

  test('analytics-config answers the project setting, and a change made in the database reaches the server at once', async () => {
    const url = `/v1/projects/${project.id}/analytics-config`
    const before = await call({ url, headers: { origin: PAGE } })
    expect(before.json()).toEqual({ isAnalyticsEnabled: true })
    await testDb.database.db
      .updateTable('projects')
      .set({ analytics_enabled: false })
      .where('id', '=', project.id)
      .execute()
    // Postgres announces the commit to the server's listening connection a moment after it.
    await expect
      .poll(async () => (await call({ url, headers: { origin: PAGE } })).json(), {
        timeout: 1_000,
        interval: 10,
      })
      .toEqual({ isAnalyticsEnabled: false })
  })

  test('an origin added by another connection is allowed, and a removed one refused, within a second', async () => {
    const url = origins(project.id)
    const other = 'https://other.example'
    const status = async () => (await call({ url, headers: { origin: other } })).statusCode
    expect(await status()).toBe(403)
    await addOrigin(testDb.database.db, project.id, other)
    await expect.poll(status, { timeout: 1_000, interval: 10 }).toBe(200)
    await testDb.database.db
      .deleteFrom('project_origins')
      .where('project_id', '=', project.id)
      .where('origin', '=', other)
      .execute()
    await expect.poll(status, { timeout: 1_000, interval: 10 }).toBe(403)
  })

  test('origins compare after normalisation', async () => {
    const response = await call({ url: origins(project.id), headers: { origin: 'HTTPS://Shop.Example:443' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('HTTPS://Shop.Example:443')
  })

  test('an unknown project is 401 with the spec text, readable by the calling page only', async () => {
    const response = await call({ url: origins(UNKNOWN_ID), headers: { origin: PAGE } })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: ServerErrorText.INVALID_KEY } })
    expect(response.json().error.message).toBe('Unauthorized: invalid key')
    expect(response.headers['access-control-allow-origin']).toBe(PAGE)
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })

  test('a foreign origin is 403 with the spec text and no grant beyond reading it', async () => {
    const response = await call({ url: origins(project.id), headers: { origin: 'https://evil.example' } })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Unauthorized: origin not allowed' },
    })
    expect(response.headers['access-control-allow-origin']).toBe('https://evil.example')
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
    expect(response.headers['access-control-allow-methods']).toBeUndefined()
  })

  test.each([
    ['a missing Origin', undefined],
    ['an opaque origin', 'null'],
    ['a look-alike with another port', 'https://shop.example:8443'],
    ['a look-alike with another scheme', 'http://shop.example'],
  ])('%s is 403', async (_case, origin) => {
    const response = await call({ url: origins(project.id), headers: origin === undefined ? {} : { origin } })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.message).toBe(ServerErrorText.ORIGIN_NOT_ALLOWED)
    expect(response.headers['access-control-allow-origin']).toBe(origin)
  })

  test('a preflight from an allowed origin is 204 with the full CORS answer', async () => {
    const response = await call({
      method: 'OPTIONS',
      url: origins(project.id),
      headers: {
        origin: PAGE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'X-Sdk-Version, content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': PAGE,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': 'content-type, x-sdk-version',
      'access-control-max-age': '7200',
    })
    expect(response.headers.vary).toContain('Origin')
  })

  test('a preflight with the projectId in the query works for any /v1 path', async () => {
    const response = await call({
      method: 'OPTIONS',
      url: `/v1/wallets?projectId=${project.id}&st=react&sv=1.0.0`,
      headers: { origin: PAGE, 'access-control-request-method': 'GET' },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-headers']).toBe('content-type')
  })

  test('a preflight from a foreign origin is refused without the grant headers', async () => {
    const response = await call({
      method: 'OPTIONS',
      url: origins(project.id),
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.headers['access-control-allow-methods']).toBeUndefined()
    expect(response.headers['access-control-allow-headers']).toBeUndefined()
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })

  test.each([
    [
      'malformed in the path',
      '/v1/projects/not-a-project/origins',
      'projectId must be 32 lowercase hexadecimal characters',
    ],
    [
      'upper case',
      `/v1/projects/${'A'.repeat(32)}/origins`,
      'projectId must be 32 lowercase hexadecimal characters',
    ],
    ['missing from the query', '/v1/wallets', 'projectId is required'],
    ['empty in the query', '/v1/wallets?projectId=', 'projectId is required'],
  ])('a projectId %s is a 400 that says so', async (_case, url, message) => {
    const response = await call({ method: 'OPTIONS', url, headers: { origin: PAGE } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message } })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('a malformed SDK query is a 400 naming the field', async () => {
    const response = await call({ url: `${origins(project.id)}?st=a&st=b`, headers: { origin: PAGE } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('BAD_REQUEST')
    expect(response.json().error.message).toMatch(/^query\.st: /)
  })

  test.each(['/nope', '/v1/nope', `/v1/projects/${'a'.repeat(32)}/nope`])('%s is a JSON 404', async (url) => {
    const response = await call({ url, headers: { origin: PAGE } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
  })

  test('a URL that is not valid percent-encoding is a JSON 400', async () => {
    const response = await call({ url: '/v1/projects/%zz/origins', headers: { origin: PAGE } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: "'/v1/projects/%zz/origins' is not a valid url component" },
    })
  })

  test('health reports the database kind', async () => {
    const response = await call({ url: '/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true, database: backend.name })
  })

  test('an unexpected failure is a bare 500; the detail goes to the log only', async () => {
    const broken = await backend.open()
    const lines: string[] = []
    const stream = { write: (line: string) => lines.push(line) }
    const server = await buildServer({ database: broken.database, logger: { level: 'error', stream } })
    await broken.dispose()
    const response = await server.inject({ url: '/health' })
    await server.close()
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal error' } })
    expect(lines.join('')).toContain('request failed')
  })
})
