import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptHash } from './security-headers.ts'
import { buildWebServer } from './server.ts'
import { ENTRY, makeDist, PLAIN_CSS, TEST_CONFIG, wagmiCookie } from './test-support.ts'

let app: FastifyInstance
let dist: Awaited<ReturnType<typeof makeDist>>
beforeAll(async () => {
  dist = await makeDist()
  app = await buildWebServer({ ...TEST_CONFIG, distDir: dist.dir, logger: false })
  app.get('/test/boom', async () => {
    throw new Error(`cannot open ${dist.dir}/secret.json`)
  })
})
afterAll(async () => {
  await app.close()
  await dist.remove()
})

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  )
}

describe('page', () => {
  it('renders the app with the sign-in mode from ?signIn=', async () => {
    const page = await app.inject('/?signIn=required')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Connect Wallet')
    expect(page.body).toContain(`<script type="module" src="/${ENTRY}">`)
    expect(page.body).toContain('"signIn":"required"')
    expect((await app.inject('/')).body).toContain('"signIn":"optional"')
  })

  it('renders the wallet from the wagmi cookie, so the first HTML is already connected', async () => {
    const page = await app.inject({ url: '/', headers: { cookie: wagmiCookie('connected') } })
    expect(page.body).toContain('0xf3…b92266')
    expect(page.body).not.toContain('Connect Wallet')
  })

  it('cannot be framed, and its policy allows every inline script it executes and nothing else', async () => {
    const page = await app.inject('/')
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // The windows it opens (social login, checkout) stay its own; whoever opens it gets no handle.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    const csp = directives(page.headers['content-security-policy'])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    const executed = inline.filter(([, attributes]) => !attributes?.includes('type="application/json"'))
    expect(executed.length).toBeGreaterThan(0)
    expect(csp.get('script-src')).toEqual([
      "'self'",
      ...executed.map(([, , source]) => scriptHash(source ?? '')),
    ])
  })

  it('lets the page reach the services, their secure frame and the chain, and show data: and https images', async () => {
    const csp = directives((await app.inject('/')).headers['content-security-policy'])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:9',
      'ws://127.0.0.1:9',
      'http://127.0.0.1:8545',
    ])
    expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:9'])
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']))
  })
})

describe('assets', () => {
  it('serves the copy compressed at build time the browser prefers, as JavaScript, cached for good', async () => {
    const url = `/${ENTRY}?v=1`
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).equals(dist.entrySource)).toBe(true)

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(dist.entrySource)).toBe(true)

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(dist.entrySource)).toBe(true)
  })

  it('serves a file without compressed copies as it is', async () => {
    const css = await app.inject({ url: `/${PLAIN_CSS}`, headers: { 'accept-encoding': 'br, gzip' } })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-encoding']).toBeUndefined()
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toBe('body{margin:0}')
  })

  it('answers HEAD with the headers only', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: `/${ENTRY}`,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000)
    expect(head.body).toBe('')
  })

  it('keeps memory flat over 4,000 requests with different query strings', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const load = async (from: number, count: number) => {
      for (let i = from; i < from + count; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            app.inject({ url: `/${ENTRY}?v=${i + j}`, headers: { 'accept-encoding': 'gzip' } }),
          ),
        )
      }
    }
    const used = async () => {
      for (let i = 0; i < 3; i++) {
        gc()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const memory = process.memoryUsage()
      return { rss: memory.rss, retained: memory.heapUsed + memory.external }
    }
    await load(-500, 500)
    const before = await used()
    await load(0, 2000)
    const between = await used()
    await load(2000, 2000)
    const after = await used()
    const MB = 1024 * 1024
    // A cache keyed by URL would hold ~2,000 compressed copies (~150 MB) per batch here.
    expect((after.retained - before.retained) / MB).toBeLessThan(20)
    // The allocator keeps freed pages after the first busy batch; a second batch must not grow the
    // process again.
    expect((after.rss - between.rss) / MB).toBeLessThan(64)
  }, 60_000)
})

describe('errors', () => {
  it('answers unknown paths, methods and files with 404 in the services’ error shape', async () => {
    for (const request of [
      { url: '/nowhere' },
      { url: '/assets/missing.js' },
      { method: 'POST' as const, url: '/' },
    ]) {
      const response = await app.inject(request)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
    }
  })

  it('never names a file on disk: paths out of the assets folder, bad encodings, bugs', async () => {
    const outside = await app.inject('/assets/..%2f.vite%2fmanifest.json')
    expect(outside.statusCode).toBe(403)
    expect(outside.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Forbidden' } })
    expect((await app.inject('/assets/')).statusCode).toBe(403)
    const badUrl = await app.inject('/assets/%E0%A4%A')
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.json().error.code).toBe('BAD_REQUEST')
    const bug = await app.inject('/test/boom')
    expect(bug.statusCode).toBe(500)
    expect(bug.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal error' } })
    for (const response of [outside, badUrl, bug]) {
      expect(response.body).not.toContain(dist.dir)
      expect(response.body).not.toMatch(/\bat .*:\d+:\d+/)
    }
  })
})
