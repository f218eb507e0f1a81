import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { DASHBOARD_ORIGIN, DASHBOARD_PASSWORD, testDashboard } from '../test-support/dashboard.ts'
import { DASHBOARD_CSP } from './pages.ts'
import { DashboardText } from './routes.ts'
import { LOGIN_LIMIT } from './throttle.ts'

describeEachBackend('dashboard login', (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    testDb = await backend.open()
    app = await buildServer({ database: testDb.database, dashboard: testDashboard() })
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  const login = (password: string, options: { ip?: string; origin?: string | null } = {}) =>
    app.inject({
      method: 'POST',
      url: '/dashboard/login',
      remoteAddress: options.ip ?? '198.51.100.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(options.origin === null ? {} : { origin: options.origin ?? DASHBOARD_ORIGIN }),
      },
      payload: new URLSearchParams({ password }).toString(),
    })
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie']).split(';')[0] as string
  const page = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/dashboard', headers: cookie ? { cookie } : {} })
  const summary = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/dashboard/api/projects', headers: cookie ? { cookie } : {} })

  test('without a session the page is the login form, under a CSP that allows no inline script or style', async () => {
    const response = await page()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toBe(DASHBOARD_CSP)
    expect(DASHBOARD_CSP).toContain("script-src 'self'")
    expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'")
    expect(DASHBOARD_CSP).not.toContain('unsafe-inline')
    expect(response.headers['x-frame-options']).toBe('DENY')
    // Not no-referrer, under which a form post's Origin is null and every login would be refused.
    expect(response.headers['referrer-policy']).toBe('same-origin')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<label for="password">Password</label>')
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(response.body).not.toContain('<style')
    expect(response.body).not.toContain('style=')
  })

  test('a wrong password is a 401 page saying so, and no cookie', async () => {
    const response = await login('not the password')
    expect(response.statusCode).toBe(401)
    expect(response.body).toContain(DashboardText.WRONG_PASSWORD)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  test.each([
    ['from another site', 'https://evil.example'],
    ['without an Origin', null],
  ])('a login posted %s is refused before the password is looked at', async (_case, origin) => {
    const response = await login(DASHBOARD_PASSWORD, { origin, ip: '198.51.100.2' })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.message).toBe(DashboardText.CROSS_SITE)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  test('the right password sets an HttpOnly, SameSite=Strict, Secure session cookie for /dashboard only', async () => {
    const response = await login(DASHBOARD_PASSWORD)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/dashboard')
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(
      /^portico_dashboard=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/dashboard; Max-Age=43200; Secure$/,
    )
    // Only a keyed hash of the token is stored.
    const token = cookieOf(response).split('=')[1] as string
    const rows = await testDb.database.db.selectFrom('dashboard_sessions').selectAll().execute()
    expect(rows.some((row) => row.token_hash === token)).toBe(false)
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true)

    const dashboard = await page(cookieOf(response))
    expect(dashboard.headers['content-security-policy']).toBe(DASHBOARD_CSP)
    expect(dashboard.body).toContain('<script type="module" src="/dashboard/assets/dashboard.js"></script>')
    expect(dashboard.body).toContain('<label for="project">Project</label>')
    expect((await summary(cookieOf(response))).statusCode).toBe(200)
  })

  test(`after ${LOGIN_LIMIT.maxAttempts} attempts from one IP even the right password waits; another IP is served`, async () => {
    const ip = '203.0.113.9'
    for (let attempt = 0; attempt < LOGIN_LIMIT.maxAttempts; attempt++)
      expect((await login('guess', { ip })).statusCode).toBe(401)
    const refused = await login(DASHBOARD_PASSWORD, { ip })
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toContain('Too many login attempts. Try again in 15 minutes.')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
    expect(refused.headers['set-cookie']).toBeUndefined()
    expect((await login(DASHBOARD_PASSWORD, { ip: '203.0.113.10' })).statusCode).toBe(303)
  })

  test('a successful login clears the count of the failures before it', async () => {
    const ip = '203.0.113.20'
    for (let attempt = 0; attempt < LOGIN_LIMIT.maxAttempts - 1; attempt++) await login('guess', { ip })
    expect((await login(DASHBOARD_PASSWORD, { ip })).statusCode).toBe(303)
    for (let attempt = 0; attempt < LOGIN_LIMIT.maxAttempts - 1; attempt++)
      expect((await login('guess', { ip })).statusCode).toBe(401)
  })

  test('logging out ends the session on the server, so a copy of the cookie opens nothing', async () => {
    const cookie = cookieOf(await login(DASHBOARD_PASSWORD, { ip: '203.0.113.30' }))
    const foreign = await app.inject({
      method: 'POST',
      url: '/dashboard/logout',
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(foreign.statusCode).toBe(403)
    expect((await summary(cookie)).statusCode).toBe(200)

    const response = await app.inject({
      method: 'POST',
      url: '/dashboard/logout',
      headers: { cookie, origin: DASHBOARD_ORIGIN },
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers['set-cookie']).toBe(
      'portico_dashboard=; HttpOnly; SameSite=Strict; Path=/dashboard; Max-Age=0; Secure',
    )
    const after = await summary(cookie)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: DashboardText.NOT_LOGGED_IN } })
    expect((await page(cookie)).body).toContain('autocomplete="current-password"')
  })

  test('a made-up or malformed cookie is no session', async () => {
    expect((await summary(`portico_dashboard=${'A'.repeat(43)}`)).statusCode).toBe(401)
    expect((await summary('portico_dashboard=<script>')).statusCode).toBe(401)
  })

  test('serves the built script and stylesheet as files of their own', async () => {
    const script = await app.inject({ method: 'GET', url: '/dashboard/assets/dashboard.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const style = await app.inject({ method: 'GET', url: '/dashboard/assets/dashboard.css' })
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8')
  })

  test('services started without a dashboard password have no dashboard at all', async () => {
    const plain = await buildServer({ database: testDb.database })
    try {
      for (const url of ['/dashboard', '/dashboard/api/projects', '/dashboard/assets/dashboard.js'])
        expect((await plain.inject({ method: 'GET', url })).statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
