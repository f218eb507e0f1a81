import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { fetchJson, RefusedFetchError, type Resolve, type SafeFetchOptions } from './safe-fetch.ts'

let server: Server
let port: number
/** Path and Host header of every request the server saw. */
const seen: { path: string; host: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    seen.push({ path: url.pathname, host: request.headers.host ?? '' })
    const to = url.searchParams.get('to')
    if (url.pathname === '/redirect' && to) return void response.writeHead(302, { location: to }).end()
    const hops = Number(url.pathname.match(/^\/hops\/(\d+)$/)?.[1] ?? Number.NaN)
    if (hops > 0) return void response.writeHead(301, { location: `/hops/${hops - 1}` }).end()
    if (url.pathname === '/huge') {
      response.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      for (let i = 0; i < 160; i++) response.write(chunk)
      return void response.end('{}')
    }
    if (url.pathname === '/huge-declared') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 10 * 1024 * 1024 })
      return void response.write('{')
    }
    if (url.pathname === '/slow') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return void response.write('{"name":')
    }
    if (url.pathname === '/silent') return
    if (url.pathname === '/page')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('{}')
    if (url.pathname === '/plain')
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end('[1]')
    if (url.pathname === '/broken') return void response.writeHead(200).end('{"name"')
    if (url.pathname === '/missing') return void response.writeHead(404).end('{}')
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(
      JSON.stringify({ path: url.pathname, padding: 'x'.repeat(Number(url.searchParams.get('pad') ?? 0)) }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  seen.length = 0
})

/** Test host names, all on this machine's loopback where the server is, as a real DNS might answer. */
const names: Record<string, string[]> = {
  'allowed.example': ['127.0.0.1'],
  'also-allowed.example': ['127.0.0.1'],
  'internal.example': ['127.0.0.1'],
  'mixed.example': ['8.8.8.8', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
}
const resolve: Resolve = async (hostname) => {
  const addresses = names[hostname]
  if (!addresses) throw new Error(`ENOTFOUND ${hostname}`)
  return addresses.map((address) => ({ address, family: 4 }))
}

function options(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    signal: AbortSignal.timeout(2_000),
    allowHosts: ['allowed.example', `also-allowed.example:${String(port)}`],
    resolve,
    ...extra,
  }
}
const at = (host: string, path = '/doc.json') => `http://${host}:${port}${path}`

describe('the first request', () => {
  test('an allowed host is read even on loopback, with its own name in the Host header', async () => {
    expect(await fetchJson(at('allowed.example'), options())).toEqual({ path: '/doc.json', padding: '' })
    expect(seen).toEqual([{ path: '/doc.json', host: `allowed.example:${port}` }])
  })

  test.each([
    ['127.0.0.1'],
    ['localhost'],
    ['2130706433'],
    ['0x7f.1'],
    ['127.1'],
    ['[::1]'],
    ['[::ffff:127.0.0.1]'],
    ['[::ffff:7f00:1]'],
    ['internal.example'],
    ['mixed.example'],
    ['metadata.example'],
    ['169.254.169.254'],
    ['10.0.0.1'],
    ['[fd00::1]'],
  ])('http://%s is refused before any connection', async (host) => {
    const refused = fetchJson(at(host), options({ resolve: host === 'localhost' ? undefined : resolve }))
    await expect(refused).rejects.toThrow(RefusedFetchError)
    await expect(refused).rejects.toThrow(/not a public address/)
    expect(seen).toEqual([])
  })

  test('an allowed port does not allow the host on another port', async () => {
    await expect(fetchJson(`http://also-allowed.example:${port + 1}/`, options())).rejects.toThrow(
      /not a public address/,
    )
  })

  test('only http and https are fetched', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://allowed.example/x', 'gopher://allowed.example/']) {
      await expect(fetchJson(url, options())).rejects.toThrow(/URLs are not fetched/)
    }
  })

  test('the host is resolved once and the connection goes to the address that was checked', async () => {
    let lookups = 0
    // A second lookup would answer an address nothing listens on, and the fetch would time out.
    const rebinding: Resolve = async () => [
      { address: lookups++ === 0 ? '127.0.0.1' : '10.255.255.1', family: 4 },
    ]
    const allowHosts = ['rebinding.example']
    expect(
      await fetchJson(at('rebinding.example'), options({ resolve: rebinding, allowHosts })),
    ).toMatchObject({
      path: '/doc.json',
    })
    expect(lookups).toBe(1)
  })
})

describe('redirects', () => {
  const via = (target: string) => at('allowed.example', `/redirect?to=${encodeURIComponent(target)}`)

  test('are followed to another allowed host, and relative ones on the same host', async () => {
    expect(await fetchJson(via(at('also-allowed.example', '/next.json')), options())).toMatchObject({
      path: '/next.json',
    })
    expect(await fetchJson(via('/relative.json'), options())).toMatchObject({ path: '/relative.json' })
    expect(seen.map(({ path }) => path)).toEqual(['/redirect', '/next.json', '/redirect', '/relative.json'])
  })

  test.each([
    [`http://127.0.0.1:PORT/doc.json`],
    [`http://[::ffff:7f00:1]:PORT/doc.json`],
    [`http://2130706433:PORT/doc.json`],
    [`http://internal.example:PORT/doc.json`],
    [`http://mixed.example:PORT/doc.json`],
    [`http://169.254.169.254/latest/meta-data/`],
  ])('from an allowed host to %s is refused, and the target never asked', async (target) => {
    const refused = fetchJson(via(target.replace('PORT', String(port))), options())
    await expect(refused).rejects.toThrow(/not a public address/)
    expect(seen.map(({ path }) => path)).toEqual(['/redirect'])
  })

  test('to another scheme is refused', async () => {
    await expect(fetchJson(via('file:///etc/passwd'), options())).rejects.toThrow(/URLs are not fetched/)
  })

  test('three are followed, a fourth is refused', async () => {
    expect(await fetchJson(at('allowed.example', '/hops/3'), options())).toMatchObject({ path: '/hops/0' })
    seen.length = 0
    await expect(fetchJson(at('allowed.example', '/hops/4'), options())).rejects.toThrow(
      'more than 3 redirects',
    )
    expect(seen.map(({ path }) => path)).toEqual(['/hops/4', '/hops/3', '/hops/2', '/hops/1'])
  })
})

describe('the answer', () => {
  test('a body just under 256 kB is read', async () => {
    const document = await fetchJson(at('allowed.example', `/doc.json?pad=${250 * 1024}`), options())
    expect((document as { padding: string }).padding).toHaveLength(250 * 1024)
  })

  test('10 MB is cut off after 256 kB, declared or not', async () => {
    await expect(fetchJson(at('allowed.example', '/huge'), options())).rejects.toThrow(
      'body is over 262144 bytes',
    )
    await expect(fetchJson(at('allowed.example', '/huge-declared'), options())).rejects.toThrow(
      'body is over 262144 bytes',
    )
  })

  test('one timeout covers a body that never ends and an answer that never comes', async () => {
    for (const path of ['/slow', '/silent']) {
      const started = Date.now()
      await expect(
        fetchJson(at('allowed.example', path), options({ signal: AbortSignal.timeout(300) })),
      ).rejects.toThrow(/aborted|timeout/i)
      expect(Date.now() - started).toBeLessThan(1_500)
    }
  })

  test('JSON and the generic types are parsed; HTML is refused unread; errors are errors', async () => {
    expect(await fetchJson(at('allowed.example', '/plain'), options())).toEqual([1])
    await expect(fetchJson(at('allowed.example', '/page'), options())).rejects.toThrow(
      'text/html is not JSON',
    )
    await expect(fetchJson(at('allowed.example', '/broken'), options())).rejects.toThrow(SyntaxError)
    await expect(fetchJson(at('allowed.example', '/missing'), options())).rejects.toThrow('answered 404')
  })
})
