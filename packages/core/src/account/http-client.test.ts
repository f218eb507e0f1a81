import { describe, expect, it } from 'vitest'
import { getBalances, getTransactions } from './api.ts'
import { createServicesClient } from './http-client.ts'

interface Call {
  url: URL
  init: RequestInit | undefined
}

function fakeFetch(status: number, body: unknown) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init })
    return new Response(status === 204 ? null : JSON.stringify(body), { status })
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

describe('services client', () => {
  it('puts projectId, clientId, st and sv in the query and leaves empty values out', async () => {
    const { calls, fetch } = fakeFetch(200, { ok: 1 })
    const client = createServicesClient({
      baseUrl: 'http://services.test/',
      projectId: 'p1',
      clientId: 'c1',
      fetch,
    })
    expect(await client.get({ path: '/v1/x', query: { cursor: '', page: 2, none: undefined } })).toEqual({
      ok: 1,
    })
    const { url, init } = calls[0] ?? { url: new URL('http://none'), init: undefined }
    expect(url.origin + url.pathname).toBe('http://services.test/v1/x')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      clientId: 'c1',
      st: 'portico-react',
      sv: '0.1.0',
      page: '2',
    })
    expect(init?.method).toBe('GET')
    expect(init?.headers).toBeUndefined()
  })

  it('sends POST, PUT and DELETE bodies as JSON', async () => {
    const { calls, fetch } = fakeFetch(200, {})
    const client = createServicesClient({ baseUrl: 'http://s.test', projectId: 'p', fetch })
    await client.post({ path: '/a', body: { currency: 'usd', addresses: ['x'] } })
    await client.put({ path: '/a', body: [1] })
    await client.delete({ path: '/a' })
    expect(calls.map((call) => call.init?.method)).toEqual(['POST', 'PUT', 'DELETE'])
    expect(calls[0]?.init?.body).toBe('{"currency":"usd","addresses":["x"]}')
    expect(calls[0]?.init?.headers).toEqual({ 'content-type': 'application/json' })
  })

  it('throws "HTTP status code: {status}" for a non-OK answer', async () => {
    const client = createServicesClient({
      baseUrl: 'http://s.test',
      projectId: 'p',
      fetch: fakeFetch(403, { error: {} }).fetch,
    })
    await expect(client.get({ path: '/v1/x' })).rejects.toThrow('HTTP status code: 403')
  })

  it("keeps the services' own words for a refusal, and none for a body that is not theirs", async () => {
    const refusal = createServicesClient({
      baseUrl: 'http://s.test',
      projectId: 'p',
      fetch: fakeFetch(409, { error: { code: 'CONFLICT', message: 'This name is taken' } }).fetch,
    })
    await expect(refusal.post({ path: '/v1/x', body: {} })).rejects.toMatchObject({
      message: 'HTTP status code: 409',
      code: 409,
      reason: 'This name is taken',
    })
    const proxy = createServicesClient({
      baseUrl: 'http://s.test',
      projectId: 'p',
      fetch: (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch,
    })
    await expect(proxy.get({ path: '/v1/x' })).rejects.toMatchObject({ code: 502, reason: undefined })
  })

  it('asks the balance route for USD of one network, forced or not', async () => {
    const { calls, fetch } = fakeFetch(200, { balances: [{ symbol: 'USDC' }] })
    const client = createServicesClient({ baseUrl: 'http://s.test', projectId: 'p', fetch })
    const balances = await getBalances(client, {
      address: '0xabc',
      chainId: 'eip155:31337',
      forceUpdate: true,
    })
    expect(balances).toEqual([{ symbol: 'USDC' }])
    expect(calls[0]?.url.pathname).toBe('/v1/account/0xabc/balance')
    expect(calls[0]?.url.searchParams.get('chainId')).toBe('eip155:31337')
    expect(calls[0]?.url.searchParams.get('currency')).toBe('usd')
    expect(calls[0]?.url.searchParams.get('forceUpdate')).toBe('true')
  })

  it('passes the history cursor only when there is one', async () => {
    const { calls, fetch } = fakeFetch(200, { data: [], next: null })
    const client = createServicesClient({ baseUrl: 'http://s.test', projectId: 'p', fetch })
    await getTransactions(client, { address: '0xabc', chainId: 'eip155:1' })
    await getTransactions(client, { address: '0xabc', chainId: 'eip155:1', cursor: 'c2' })
    expect(calls[0]?.url.searchParams.has('cursor')).toBe(false)
    expect(calls[1]?.url.searchParams.get('cursor')).toBe('c2')
  })
})
