import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageConfig } from './page-config.ts'
import { handleSessionRequest, pageOrigin, SIWX_COOKIE, sessionCookie, sessionToken } from './siwx-session.ts'

const asRequest = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage

describe('page session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure only when the page is served over https', () => {
    const plain = sessionCookie(asRequest({ host: 'shop.example' }), 'token', 60)
    expect(plain).toBe(`${SIWX_COOKIE}=token; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`)
    const behindTls = sessionCookie(
      asRequest({ host: 'shop.example', 'x-forwarded-proto': 'https' }),
      'token',
      60,
    )
    expect(behindTls).toBe(`${SIWX_COOKIE}=token; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure`)
  })

  it('reads only a well-formed token from the cookie header', () => {
    const token = 'A'.repeat(43)
    expect(sessionToken(`a=1; ${SIWX_COOKIE}=${token}; b=2`)).toBe(token)
    expect(sessionToken(`${SIWX_COOKIE}=short`)).toBeUndefined()
    expect(sessionToken(`${SIWX_COOKIE}=${'A'.repeat(40)};evil`)).toBe('A'.repeat(40))
    expect(sessionToken('')).toBeUndefined()
  })

  it('knows its own origin from Host and X-Forwarded-Proto', () => {
    expect(pageOrigin(asRequest({ host: '127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000')
    expect(pageOrigin(asRequest({ host: 'shop.example', 'x-forwarded-proto': 'https' }))).toBe(
      'https://shop.example',
    )
  })
})

describe('page session endpoint', () => {
  // No services behind it: every answer below must come before the page would ask them.
  const config: PageConfig = {
    projectId: '0'.repeat(32),
    servicesUrl: 'http://127.0.0.1:9',
    rpcUrl: 'http://127.0.0.1:9',
    chainId: 31337,
    chainName: 'Anvil',
  }
  let server: Server
  let url: string
  beforeAll(async () => {
    server = createServer((request, response) => void handleSessionRequest(config, request, response))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/siwx/session`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('refuses to sign in or out for another site (CSRF)', async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await fetch(url, { method, headers: { origin: 'https://evil.example' }, body: '{}' })
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect((await response.json()).error.message).toBe('Unauthorized: origin not allowed')
    }
  })

  it('answers malformed sign-ins with 400, and no session without a cookie', async () => {
    const origin = new URL(url).origin
    const bad = await fetch(url, { method: 'POST', headers: { origin }, body: '{"message":1}' })
    expect(bad.status).toBe(400)
    expect(await (await fetch(url)).json()).toEqual({ session: null })
  })

  it('signing out clears the cookie', async () => {
    const response = await fetch(url, { method: 'DELETE', headers: { origin: new URL(url).origin } })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toContain(
      `${SIWX_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    )
  })
})
