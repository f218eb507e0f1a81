import { randomUUID } from 'node:crypto'
import { ServerErrorText } from '@portico/core/shared'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { claimEventSlot } from './repository.ts'
import { pruneEvents } from './retention.ts'
import { ANALYTICS_RATE_LIMIT, AnalyticsErrorText } from './routes.ts'

const PAGE = 'https://shop.example'
const OCCURRED_AT = Date.parse('2026-11-20T10:00:00.000Z')

function errorEvent(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: `${PAGE}/account?tab=activity`,
    domain: 'shop.example',
    timestamp: OCCURRED_AT,
    props: {
      type: 'error',
      event: 'ERROR_FETCH_TRANSACTIONS',
      errorType: 'API_ERROR',
      errorMessage: 'HTTP status code: 500',
      properties: { tab: 'activity', page: 2, retried: false },
    },
    ...overrides,
  }
}

describeEachBackend('analytics ingest', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let project: Project
  let quiet: Project

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({ database: testDb.database })
    project = await createProject(testDb.database.db, { name: 'Shop', origins: [PAGE] })
    quiet = await createProject(testDb.database.db, { name: 'No analytics', origins: [PAGE] })
    await testDb.database.db
      .updateTable('projects')
      .set({ analytics_enabled: false })
      .where('id', '=', quiet.id)
      .execute()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const ingest = (projectId: string) => `/e?projectId=${projectId}&st=portico-react&sv=0.1.0`
  const send = (body: unknown, options: Partial<InjectOptions> = {}, projectId = project.id) =>
    app.inject({
      method: 'POST',
      url: ingest(projectId),
      headers: { origin: PAGE, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      ...options,
    })
  const stored = (eventId: string) =>
    testDb.database.db.selectFrom('analytics_events').selectAll().where('event_id', '=', eventId).execute()
  const storedFor = async (projectId: string) =>
    Number(
      (
        await testDb.database.db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  test('an event is stored once with what it said, even when the SDK sends it twice', async () => {
    const event = errorEvent()
    const first = await send(event)
    expect(first.statusCode).toBe(204)
    expect(first.body).toBe('')
    expect(first.headers['access-control-allow-origin']).toBe(PAGE)
    expect((await send(event)).statusCode).toBe(204)

    const rows = await stored(event.eventId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      project_id: project.id,
      kind: 'error',
      event: 'ERROR_FETCH_TRANSACTIONS',
      url: event.url,
      domain: 'shop.example',
      error_type: 'API_ERROR',
      error_message: 'HTTP status code: 500',
      stack_trace: null,
      properties: { tab: 'activity', page: 2, retried: false },
    })
    expect(rows[0]?.occurred_at.toISOString()).toBe('2026-11-20T10:00:00.000Z')
    expect(rows[0]?.received_at.getTime()).toBeGreaterThan(OCCURRED_AT)
  })

  test('a track event needs no error fields', async () => {
    const event = errorEvent({ props: { type: 'track', event: 'MODAL_OPEN' } })
    expect((await send(event)).statusCode).toBe(204)
    expect(await stored(event.eventId)).toMatchObject([{ kind: 'track', error_type: null, properties: null }])
  })

  test('the browser may ask before posting JSON from an allowed origin, not from another', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: ingest(project.id),
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
    const allowed = await preflight(PAGE)
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': PAGE,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': 'content-type',
    })
    const foreign = await preflight('https://evil.example')
    expect(foreign.statusCode).toBe(403)
    expect(foreign.headers['access-control-allow-methods']).toBeUndefined()
  })

  test('a foreign origin is 403 with the spec text and nothing is stored', async () => {
    const event = errorEvent()
    const response = await send(event, {
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: ServerErrorText.ORIGIN_NOT_ALLOWED },
    })
    expect(await stored(event.eventId)).toEqual([])
  })

  test('an unknown project is 401 with the spec text', async () => {
    const response = await send(errorEvent(), {}, 'f'.repeat(32))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Unauthorized: invalid key' } })
  })

  test('a project with analytics turned off refuses events and stores none', async () => {
    const response = await send(errorEvent(), {}, quiet.id)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: AnalyticsErrorText.DISABLED } })
    expect(await storedFor(quiet.id)).toBe(0)
  })

  const { eventId: _dropped, ...withoutId } = errorEvent()
  test.each([
    ['no eventId', withoutId, /^body\.eventId: /],
    ['an eventId that is not a UUID', errorEvent({ eventId: 'event-1' }), /^body\.eventId: must be a UUID$/],
    ['a timestamp as text', errorEvent({ timestamp: '2026-11-20' }), /^body\.timestamp: /],
    ['a timestamp past year 9999', errorEvent({ timestamp: 1e15 }), /^body\.timestamp: must be before/],
    ['an unknown type', errorEvent({ props: { type: 'page', event: 'X' } }), /^body\.props\.type: /],
    [
      'a stack trace over 8,000 characters',
      errorEvent({ props: { type: 'error', event: 'X', stackTrace: 'a'.repeat(8_001) } }),
      /^body\.props\.stackTrace: at most 8000 characters$/,
    ],
    ['a URL over 2,048 characters', errorEvent({ url: `${PAGE}/${'a'.repeat(2_048)}` }), /^body\.url: /],
    ['an unknown top-level key', { ...errorEvent(), userId: 'u1' }, /^body: Unrecognized key: "userId"$/],
    [
      'an unknown key in props',
      errorEvent({ props: { type: 'track', event: 'X', email: 'a@b.c' } }),
      /^body\.props: Unrecognized key: "email"$/,
    ],
    [
      'a nested property value',
      errorEvent({ props: { type: 'track', event: 'X', properties: { a: { b: 1 } } } }),
      /^body\.props\.properties\.a: /,
    ],
    [
      'a NUL character, which the database cannot keep',
      errorEvent({ props: { type: 'error', event: 'X', errorMessage: 'a\u0000b' } }),
      /^body\.props\.errorMessage: must not contain U\+0000$/,
    ],
    ['a body that is not JSON', '{"eventId":', /JSON/],
  ])('%s is a 400 saying what is wrong, and nothing is stored', async (_case, body, message) => {
    const before = await storedFor(project.id)
    const response = await send(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('BAD_REQUEST')
    expect(response.json().error.message).toMatch(message)
    expect(await storedFor(project.id)).toBe(before)
  })

  test('a body far larger than any event is refused before parsing', async () => {
    const response = await send(errorEvent({ url: 'a'.repeat(100_000) }))
    expect(response.statusCode).toBe(413)
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  test('one IP sending more than the limit in a minute gets 429; another IP is still served', async () => {
    const flooder = { remoteAddress: '203.0.113.7' }
    for (let sent = 0; sent < ANALYTICS_RATE_LIMIT.maxEvents; sent++) {
      expect((await send(errorEvent(), flooder)).statusCode).toBe(204)
    }
    const refused = errorEvent()
    const response = await send(refused, flooder)
    expect(response.statusCode).toBe(429)
    expect(response.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: AnalyticsErrorText.TOO_MANY },
    })
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(await stored(refused.eventId)).toEqual([])
    expect((await send(errorEvent(), { remoteAddress: '203.0.113.8' })).statusCode).toBe(204)
  })

  test('behind a proxy the operator names, each visitor behind it has a limit of their own', async () => {
    const proxied = await buildServer({ database: testDb.database, trustProxy: '127.0.0.1' })
    try {
      const via = (visitor: string) => ({
        method: 'POST' as const,
        url: ingest(project.id),
        remoteAddress: '127.0.0.1',
        headers: { origin: PAGE, 'content-type': 'application/json', 'x-forwarded-for': visitor },
      })
      const from = (visitor: string) =>
        proxied.inject({ ...via(visitor), payload: JSON.stringify(errorEvent()) })
      for (let sent = 0; sent < ANALYTICS_RATE_LIMIT.maxEvents; sent++) {
        expect((await from('198.51.100.20')).statusCode).toBe(204)
      }
      expect((await from('198.51.100.20')).statusCode).toBe(429)
      expect((await from('198.51.100.21')).statusCode).toBe(204)
      // Without the operator's word the header is anyone's to write, so it is not believed.
      const forging = (visitor: string) =>
        send(errorEvent(), {
          remoteAddress: '203.0.113.50',
          headers: { origin: PAGE, 'content-type': 'application/json', 'x-forwarded-for': visitor },
        })
      for (let sent = 0; sent < ANALYTICS_RATE_LIMIT.maxEvents; sent++) {
        expect((await forging(`198.51.100.${sent % 200}`)).statusCode).toBe(204)
      }
      expect((await forging('198.51.100.250')).statusCode).toBe(429)
    } finally {
      await proxied.close()
    }
  })

  test('events are kept for the retention the operator set, counted from when they arrived', async () => {
    const old = errorEvent()
    const recent = errorEvent()
    expect((await send(old, { remoteAddress: '192.0.2.30' })).statusCode).toBe(204)
    expect((await send(recent, { remoteAddress: '192.0.2.30' })).statusCode).toBe(204)
    const age = async (eventId: string, days: number) =>
      testDb.database.db
        .updateTable('analytics_events')
        .set({ received_at: sql<Date>`now() - make_interval(days => ${days})` })
        .where('event_id', '=', eventId)
        .execute()
    await age(old.eventId, 31)
    await age(recent.eventId, 29)
    // A server that keeps 30 days prunes as it starts, and hourly after.
    const keeping = await buildServer({ database: testDb.database, analyticsRetentionDays: 30 })
    try {
      await expect.poll(async () => (await stored(old.eventId)).length).toBe(0)
      expect(await stored(recent.eventId)).toHaveLength(1)
      expect(await pruneEvents(testDb.database.db, 28)).toBeGreaterThanOrEqual(1)
      expect(await stored(recent.eventId)).toEqual([])
    } finally {
      await keeping.close()
    }
  })

  test('a caller may send again once its window has passed', async () => {
    const limit = { maxEvents: 2, windowMs: 300 }
    const claim = () => claimEventSlot(testDb.database.db, project.id, '198.51.100.1', limit)
    expect((await claim()).allowed).toBe(true)
    expect((await claim()).allowed).toBe(true)
    expect(await claim()).toEqual({ allowed: false, retryAfterSeconds: 1 })
    await new Promise((resolve) => setTimeout(resolve, limit.windowMs + 50))
    expect((await claim()).allowed).toBe(true)
  })
})
