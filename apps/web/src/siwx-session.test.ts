import { Agent, request } from 'node:http'
import type { SIWXSession } from '@portico/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWebServer, startWebServer } from './server.ts'
import { MAX_BODY_BYTES, SIWX_COOKIE } from './siwx-session.ts'
import { makeDist, TEST_CONFIG } from './test-support.ts'

const TOKEN = 'T'.repeat(43)
const SIGNED = { message: 'shop.example wants you to sign in', signature: '0x1234' }
const session: SIWXSession = {
  id: 'c3cadfd130bdaf350f839daf14fcbae8',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  message: SIGNED.message,
  signature: SIGNED.signature,
  data: {
    accountAddress: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    chainId: 'eip155:31337',
    domain: 'shop.example',
    uri: 'http://shop.example',
    version: '1',
    nonce: 'abcdefgh',
  },
}

/** The services' sign-in routes, as far as the page uses them; remembers who called. */
async function fakeServices() {
  const calls: Array<{ method: string; url: string; origin?: string }> = []
  const services = Fastify()
  services.addHook('onRequest', async (req) => {
    calls.push({ method: req.method, url: req.url, origin: req.headers.origin })
  })
  const signedIn = (authorization?: string) => authorization === `Bearer ${TOKEN}`
  services.post('/v1/siwx/sessions', async (req, reply) =>
    (req.body as { signature: string }).signature === SIGNED.signature
      ? reply.code(201).send({ token: TOKEN, session })
      : reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } }),
  )
  services.get('/v1/siwx/sessions/current', async (req, reply) =>
    signedIn(req.headers.authorization) ? { session } : reply.code(401).send({}),
  )
  services.delete('/v1/siwx/sessions/:id', async (_req, reply) => reply.code(204).send())
  const url = await services.listen({ host: '127.0.0.1', port: 0 })
  return { url, calls, close: () => services.close() }
}

let services: Awaited<ReturnType<typeof fakeServices>>
let dist: Awaited<ReturnType<typeof makeDist>>
let app: FastifyInstance
beforeAll(async () => {
  services = await fakeServices()
  dist = await makeDist()
  app = await buildWebServer({ ...TEST_CONFIG, servicesUrl: services.url, distDir: dist.dir, logger: false })
})
afterAll(async () => {
  await app.close()
  await services.close()
  await dist.remove()
})

const page = { host: 'shop.example', origin: 'http://shop.example' }
const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/siwx/session',
    headers: { ...page, 'content-type': 'application/json', ...headers },
    payload,
  })

describe('page session endpoint', () => {
  it('refuses to sign in or out for another site (CSRF)', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/api/siwx/session',
        headers: { host: 'shop.example', origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify(SIGNED),
      })
      expect(response.statusCode).toBe(403)
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'Unauthorized: origin not allowed' },
      })
    }
  })

  it('answers malformed sign-ins with 400 and oversized ones with 413, in the error shape', async () => {
    const notJson = await post('{"message":')
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().error.code).toBe('BAD_REQUEST')
    const wrongShape = await post('{"message":1}')
    expect(wrongShape.statusCode).toBe(400)
    expect(wrongShape.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'body: expected { message, signature }' },
    })
    const tooLarge = await post(JSON.stringify({ ...SIGNED, message: 'x'.repeat(MAX_BODY_BYTES) }))
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(await (await app.inject({ url: '/api/siwx/session', headers: page })).json()).toEqual({
      session: null,
    })
  })

  it('signs in through the services as the page, into an HttpOnly, SameSite=Lax cookie', async () => {
    services.calls.length = 0
    const response = await post(JSON.stringify(SIGNED))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ session })
    expect(response.headers['cache-control']).toBe('no-store')
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(new RegExp(`^${SIWX_COOKIE}=${TOKEN}; `))
    const attributes = cookie.split('; ').slice(1)
    expect(attributes.filter((part) => !part.startsWith('Max-Age=')).sort()).toEqual([
      'HttpOnly',
      'Path=/',
      'SameSite=Lax',
    ])
    // Until the session expires, an hour from when the services made it.
    const maxAge = Number(attributes.find((part) => part.startsWith('Max-Age='))?.slice(8))
    expect(maxAge).toBeGreaterThan(3500)
    expect(maxAge).toBeLessThanOrEqual(3600)
    expect(services.calls).toEqual([
      { method: 'POST', url: `/v1/siwx/sessions?projectId=${TEST_CONFIG.projectId}`, origin: page.origin },
    ])
  })

  it('marks the cookie Secure when the page is served over https behind a proxy', async () => {
    const response = await post(JSON.stringify(SIGNED), {
      origin: 'https://shop.example',
      'x-forwarded-proto': 'https',
    })
    expect(response.statusCode).toBe(201)
    expect(String(response.headers['set-cookie']).split('; ')).toContain('Secure')
  })

  it('passes a refusal of the services on, and sets no cookie', async () => {
    const response = await post(JSON.stringify({ ...SIGNED, signature: '0xdead' }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('renders the page signed in from the cookie, and signing out ends the session and clears it', async () => {
    const cookie = `${SIWX_COOKIE}=${TOKEN}`
    const html = await app.inject({ url: '/', headers: { ...page, cookie } })
    expect(html.body).toContain(`Signed in as ${session.data.accountAddress}`)

    services.calls.length = 0
    const out = await app.inject({ method: 'DELETE', url: '/api/siwx/session', headers: { ...page, cookie } })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ ok: true })
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SIWX_COOKIE}=; .*Max-Age=0`))
    expect(services.calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'GET /v1/siwx/sessions/current',
      `DELETE /v1/siwx/sessions/${session.id}`,
    ])
  })
})

describe('page session endpoint on a keep-alive connection', () => {
  let web: Awaited<ReturnType<typeof startWebServer>>
  let agent: Agent
  beforeAll(async () => {
    web = await startWebServer({ ...TEST_CONFIG, port: 0, distDir: dist.dir, logger: false })
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
  })
  afterAll(async () => {
    agent.destroy()
    await web.close()
  })

  /** One request through the shared one-socket agent; a stuck connection fails it within 3 s. */
  const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(
        `${web.url}${path}`,
        { method, agent, timeout: 3000, headers: { origin: web.url, ...headers } },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            text += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer`)))
      outgoing.on('error', reject)
      outgoing.end(body)
    })

  it.each([
    ['with a length', { 'content-length': String(200_000) }],
    ['chunked', { 'transfer-encoding': 'chunked' }],
  ])('answers an oversized body (%s) with 413 and then the next request', async (_name, framing) => {
    const body = JSON.stringify({ ...SIGNED, message: 'x'.repeat(200_000 - 50) }).padEnd(200_000)
    const refused = await call('POST', '/api/siwx/session', body, {
      'content-type': 'application/json',
      ...framing,
    })
    expect(refused.status).toBe(413)
    expect(JSON.parse(refused.body).error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(await call('GET', '/healthz')).toEqual({ status: 200, body: '{"ok":true}' })
  })

  it('refuses a large body from another site with 403, unread, and then answers the next request', async () => {
    const refused = await call('POST', '/api/siwx/session', 'x'.repeat(200_000), {
      origin: 'https://evil.example',
      'content-type': 'application/json',
    })
    expect(refused.status).toBe(403)
    expect(await call('GET', '/healthz')).toEqual({ status: 200, body: '{"ok":true}' })
  })

  it('answers a malformed body with 400 and then the next request', async () => {
    const refused = await call('POST', '/api/siwx/session', '{"message":', {
      'content-type': 'application/json',
    })
    expect(refused.status).toBe(400)
    expect(await call('GET', '/healthz')).toEqual({ status: 200, body: '{"ok":true}' })
  })
})

describe('page session endpoint with its public URL', () => {
  it('speaks for its configured origin only: a forged Host and a matching Origin are refused', async () => {
    const pinned = await buildWebServer({
      ...TEST_CONFIG,
      servicesUrl: services.url,
      distDir: dist.dir,
      logger: false,
      publicUrl: 'https://shop.example/',
    })
    try {
      const forged = await pinned.inject({
        method: 'POST',
        url: '/api/siwx/session',
        headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify(SIGNED),
      })
      expect(forged.statusCode).toBe(403)
      services.calls.length = 0
      const real = await pinned.inject({
        method: 'POST',
        url: '/api/siwx/session',
        headers: {
          host: 'internal:3000',
          origin: 'https://shop.example',
          'content-type': 'application/json',
        },
        payload: JSON.stringify(SIGNED),
      })
      expect(real.statusCode).toBe(201)
      expect(services.calls.map((call) => call.origin)).toEqual(['https://shop.example'])
      // Served over https publicly, the cookie is Secure even though this hop is plain http.
      expect(String(real.headers['set-cookie'])).toContain('Secure')
    } finally {
      await pinned.close()
    }
  })
})
