import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { DASHBOARD_ORIGIN, DASHBOARD_PASSWORD, testDashboard } from '../test-support/dashboard.ts'
import { DASHBOARD_CSP } from './pages.ts'
import { DashboardText } from './routes.ts'
import { LOGIN_SLOWDOWN } from './throttle.ts'

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

  const login = (
    password: string,
    options: { ip?: string; origin?: string | null; browser?: string; to?: FastifyInstance } = {},
  ) =>
    (options.to ?? app).inject({
      method: 'POST',
      url: '/dashboard/login',
      remoteAddress: options.ip ?? '198.51.100.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(options.origin === null ? {} : { origin: options.origin ?? DASHBOARD_ORIGIN }),
        ...(options.browser ? { cookie: options.browser } : {}),
      },
      payload: new URLSearchParams({ password }).toString(),
    })
  /** A browser that opened the login form: the cookie it was given. */
  const openForm = async (to = app) => {
    const form = await to.inject({ method: 'GET', url: '/dashboard' })
    const cookie = String(form.headers['set-cookie'])
    expect(cookie).toMatch(
      /^portico_dashboard_browser=[A-Za-z0-9_-]{32}; HttpOnly; SameSite=Strict; Path=\/dashboard;/,
    )
    return cookie.split(';')[0] as string
  }
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

  test(`after ${LOGIN_SLOWDOWN.freeFailures} wrong passwords a browser waits seconds; another browser on the same IP is let in at once`, async () => {
    // Everyone behind one proxy without TRUST_PROXY: a single IP.
    const ip = '203.0.113.9'
    const guesser = await openForm()
    for (let attempt = 0; attempt < LOGIN_SLOWDOWN.freeFailures; attempt++)
      expect((await login('guess', { ip, browser: guesser })).statusCode).toBe(401)
    // Even the right password waits now, from this browser.
    const held = await login(DASHBOARD_PASSWORD, { ip, browser: guesser })
    expect(held.statusCode).toBe(429)
    const wait = Number(held.headers['retry-after'])
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(Math.ceil(LOGIN_SLOWDOWN.baseDelayMs / 1000))
    expect(held.body).toContain(`Too many wrong passwords from this browser. Try again in ${wait} second`)
    expect(held.headers['set-cookie']).toBeUndefined()

    // The operator's browser, and a script that sends no cookie at all, are not held by it.
    expect((await login(DASHBOARD_PASSWORD, { ip, browser: await openForm() })).statusCode).toBe(303)
    expect((await login(DASHBOARD_PASSWORD, { ip })).statusCode).toBe(303)
  })

  test('the wait grows with each wrong password, ends, and the right password then clears it', async () => {
    const quick = await buildServer({
      database: testDb.database,
      dashboard: testDashboard({ freeFailures: 1, baseDelayMs: 300, maxDelayMs: 600 }),
    })
    try {
      const ip = '203.0.113.20'
      const browser = await openForm(quick)
      expect((await login('guess', { ip, browser, to: quick })).statusCode).toBe(401)
      // Past the free failure: each attempt must wait out the last one's wait.
      const taken: number[] = []
      for (const deadline = Date.now() + 5_000; taken.length < 2 && Date.now() < deadline; ) {
        const response = await login('guess', { ip, browser, to: quick })
        if (response.statusCode === 401) taken.push(Date.now())
        else expect(response.statusCode).toBe(429)
      }
      expect(taken).toHaveLength(2)
      expect((taken[1] as number) - (taken[0] as number)).toBeGreaterThanOrEqual(600 - 50)
      await expect
        .poll(async () => (await login(DASHBOARD_PASSWORD, { ip, browser, to: quick })).statusCode, {
          timeout: 3_000,
          interval: 50,
        })
        .toBe(303)
      expect((await login('guess', { ip, browser, to: quick })).statusCode).toBe(401)
    } finally {
      await quick.close()
    }
  })

  test('requests through a proxy while TRUST_PROXY is unset are warned of once', async () => {
    const lines: { level: number; msg: string }[] = []
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) }
    const unsure = await buildServer({
      database: testDb.database,
      dashboard: testDashboard(),
      logger: { level: 'warn', stream },
    })
    const trusting = await buildServer({
      database: testDb.database,
      dashboard: testDashboard(),
      trustProxy: '127.0.0.1',
      logger: { level: 'warn', stream },
    })
    try {
      const proxied = {
        method: 'GET' as const,
        url: '/dashboard',
        headers: { 'x-forwarded-for': '192.0.2.7' },
      }
      await unsure.inject({ method: 'GET', url: '/dashboard' })
      expect(lines).toEqual([])
      for (let i = 0; i < 3; i++) await unsure.inject(proxied)
      await trusting.inject(proxied)
      expect(lines.map((line) => line.msg)).toEqual([
        expect.stringMatching(/X-Forwarded-For.*TRUST_PROXY is unset/),
      ])
    } finally {
      await unsure.close()
      await trusting.close()
    }
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
