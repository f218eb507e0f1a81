import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { DASHBOARD_ORIGIN, DASHBOARD_PASSWORD, testDashboard } from '../test-support/dashboard.ts'
import { SHOWN_MESSAGE_LIMIT } from './error-text.ts'

const DAY_MS = 86_400_000
const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10)

interface Seed {
  event: string
  day: string
  kind?: 'track' | 'error'
  properties?: Record<string, string | boolean>
  errorType?: string
  message?: string
}

describeEachBackend('dashboard summary', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let shop: Project
  let other: Project
  let cookie: string

  const seed = (projectId: string, rows: Seed[]) =>
    testDb.database.db
      .insertInto('analytics_events')
      .values(
        rows.map((row, index) => ({
          event_id: randomUUID(),
          project_id: projectId,
          kind: row.kind ?? 'track',
          event: row.event,
          url: 'https://shop.example/',
          domain: 'shop.example',
          occurred_at: new Date(`${row.day}T12:00:00Z`),
          // Minutes apart, so "the last messages" have one order on both backends.
          received_at: new Date(Date.parse(`${row.day}T12:00:00Z`) + index * 60_000),
          error_type: row.errorType ?? null,
          error_message: row.message ?? null,
          properties: row.properties ? JSON.stringify(row.properties) : null,
        })),
      )
      .execute()

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({ database: testDb.database, dashboard: testDashboard() })
    shop = await createProject(testDb.database.db, { name: 'Shop', origins: ['https://shop.example'] })
    other = await createProject(testDb.database.db, { name: 'Another', origins: ['https://other.example'] })
    const browser = (name: string) => ({ method: 'browser', name })
    const [yesterday, now] = [daysAgo(1), today()]
    await seed(shop.id, [
      { event: 'MODAL_OPEN', day: yesterday, properties: { connected: false } },
      { event: 'MODAL_OPEN', day: yesterday, properties: { connected: false } },
      { event: 'MODAL_OPEN', day: now, properties: { connected: false } },
      // An open while connected is no step of the connect funnel.
      { event: 'MODAL_OPEN', day: now, properties: { connected: true } },
      { event: 'SELECT_WALLET', day: yesterday, properties: browser('Rabby') },
      { event: 'SELECT_WALLET', day: now, properties: browser('Rabby') },
      { event: 'SELECT_WALLET', day: now, properties: { method: 'email', name: 'Email' } },
      { event: 'CONNECT_SUCCESS', day: yesterday, properties: browser('Rabby') },
      { event: 'CONNECT_SUCCESS', day: now, properties: { method: 'email', name: 'Email' } },
      {
        event: 'CONNECT_ERROR',
        day: now,
        kind: 'error',
        errorType: 'declined',
        message: 'User rejected the request.',
        properties: browser('Rabby'),
      },
      { event: 'SIWX_AUTH_SUCCESS', day: now },
      { event: 'SEND_SUCCESS', day: now, properties: { token: 'USDC' } },
      {
        event: 'SEND_ERROR',
        day: now,
        kind: 'error',
        errorType: 'WALLET_ERROR',
        message: `<img src=x onerror=alert(1)>${'m'.repeat(500)}`,
      },
      // Older than the default week.
      { event: 'CONNECT_SUCCESS', day: daysAgo(10), properties: browser('Old wallet') },
    ])
    await seed(other.id, [{ event: 'CONNECT_SUCCESS', day: now, properties: browser('Elsewhere') }])
    const login = await app.inject({
      method: 'POST',
      url: '/dashboard/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: DASHBOARD_ORIGIN },
      payload: new URLSearchParams({ password: DASHBOARD_PASSWORD }).toString(),
    })
    cookie = String(login.headers['set-cookie']).split(';')[0] as string
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const get = (query: string, withCookie = true) =>
    app.inject({
      method: 'GET',
      url: `/dashboard/api/summary?${query}`,
      headers: withCookie ? { cookie } : {},
    })

  test('counts one project’s events per UTC day, the last 7 days by default', async () => {
    const response = await get(`projectId=${shop.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json()
    expect(body).toMatchObject({ projectId: shop.id, from: daysAgo(6), to: today() })
    expect(body.days).toHaveLength(7)
    const last2 = (counts: number[]) => counts.slice(-2)
    expect(body.connections.byMethod).toEqual([
      { key: 'browser', total: 1, counts: [0, 0, 0, 0, 0, 1, 0] },
      { key: 'email', total: 1, counts: [0, 0, 0, 0, 0, 0, 1] },
    ])
    expect(body.connections.byWallet.map((line: { key: string }) => line.key)).toEqual(['Email', 'Rabby'])
    expect(body.funnel).toEqual({ opened: 3, chose: 3, connected: 2 })
    expect(last2(body.daily.modalOpens.counts)).toEqual([2, 2])
    expect(last2(body.daily.connects.counts)).toEqual([1, 1])
    expect(last2(body.daily.connectErrors.counts)).toEqual([0, 1])
    expect(body.daily.signIns.total).toBe(1)
    expect(body.daily.sends.total).toBe(1)
    expect(body.daily.sendErrors.total).toBe(1)
    expect(body.errors.byType).toEqual([
      { event: 'CONNECT_ERROR', errorType: 'declined', n: 1 },
      { event: 'SEND_ERROR', errorType: 'WALLET_ERROR', n: 1 },
    ])
    // Newest first, as text cut to a readable length: the page shows it with textContent.
    expect(body.errors.recent.map((error: { event: string }) => error.event)).toEqual([
      'SEND_ERROR',
      'CONNECT_ERROR',
    ])
    expect(body.errors.recent[0].message).toHaveLength(SHOWN_MESSAGE_LIMIT)
    expect(body.errors.recent[0].message.endsWith('…')).toBe(true)
    expect(body.errors.recent[0].message.startsWith('<img src=x onerror=alert(1)>')).toBe(true)
  })

  test('a chosen range counts what falls in it, and nothing of another project', async () => {
    const body = (await get(`projectId=${shop.id}&from=${daysAgo(12)}&to=${daysAgo(8)}`)).json()
    expect(body.days).toHaveLength(5)
    expect(body.connections.byWallet).toEqual([{ key: 'Old wallet', total: 1, counts: [0, 0, 1, 0, 0] }])
    expect(body.funnel).toEqual({ opened: 0, chose: 0, connected: 1 })
    const elsewhere = (await get(`projectId=${other.id}&from=${today()}&to=${today()}`)).json()
    expect(elsewhere.connections.byWallet).toEqual([{ key: 'Elsewhere', total: 1, counts: [1] }])
    expect(elsewhere.errors).toEqual({ byType: [], recent: [] })
  })

  test("reports what the project's relay clients keep in the mailbox now, the expired left out", async () => {
    const stored = (topic: string, bytes: number, expiresIn: number) => ({
      topic,
      message: 'm'.repeat(bytes),
      message_hash: randomUUID(),
      tag: 1108,
      publisher: 'did:key:test',
      published_at: new Date(),
      expires_at: new Date(Date.now() + expiresIn),
      bytes,
      ip: '127.0.0.1',
      project_id: shop.id,
    })
    await testDb.database.db
      .insertInto('wc_relay_messages')
      .values([
        stored('a'.repeat(64), 300, 60_000),
        stored('b'.repeat(64), 200, 60_000),
        stored('c'.repeat(64), 900, -1),
      ])
      .execute()
    expect((await get(`projectId=${shop.id}`)).json().relayMailbox).toEqual({ messages: 2, bytes: 500 })
    expect((await get(`projectId=${other.id}`)).json().relayMailbox).toEqual({ messages: 0, bytes: 0 })
  })

  test('lists the projects for the filter, by name', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard/api/projects', headers: { cookie } })
    expect(response.json()).toEqual({
      projects: [
        { id: other.id, name: 'Another' },
        { id: shop.id, name: 'Shop' },
      ],
    })
  })

  test.each([
    [
      'a day that is not in the calendar',
      () => `projectId=${shop.id}&from=2026-02-30`,
      'query.from: must be a day as YYYY-MM-DD',
    ],
    [
      'an end before the start',
      () => `projectId=${shop.id}&from=2026-03-02&to=2026-03-01`,
      'query.to: must not be before from',
    ],
    [
      'more than 366 days',
      () => `projectId=${shop.id}&from=2024-01-01&to=2025-01-01`,
      'query.to: the range must be at most 366 days',
    ],
    ['no project', () => 'from=2026-03-01', 'query.projectId: '],
    ['a project id of the wrong shape', () => 'projectId=shop', 'query.projectId: must be a project id'],
    ['an unknown parameter', () => `projectId=${shop.id}&days=30`, 'query: Unrecognized key: "days"'],
  ])('%s is a 400 saying what is wrong', async (_case, query, message) => {
    const response = await get(query())
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message.startsWith(message)).toBe(true)
  })

  test('an unknown project is a 404', async () => {
    const response = await get(`projectId=${'f'.repeat(32)}`)
    expect(response.statusCode).toBe(404)
  })

  test('without a session it is a 401, whatever the query', async () => {
    expect((await get(`projectId=${shop.id}`, false)).statusCode).toBe(401)
    expect((await get('projectId=nonsense', false)).statusCode).toBe(401)
  })
})
