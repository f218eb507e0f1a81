import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { PageConfig } from './page-config.ts'
import { renderPage } from './render.tsx'
import { type PageState, SIWX_SESSION_PATH, signInModeOf } from './siwx.ts'
import { currentSession, handleSessionRequest } from './siwx-session.ts'

export interface WebServerOptions extends PageConfig {
  host?: string
  port?: number
  /** Folder with Vite's build output (`npm run build`). */
  distDir?: string
}

interface Manifest {
  [entry: string]: { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** Serves the server-rendered page and the built browser bundle. */
export async function startWebServer(
  options: WebServerOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 3000
  const distDir = options.distDir ?? join(import.meta.dirname, '..', 'dist')
  const manifest = await readManifest(distDir)
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  if (!entry) throw new Error(`No browser entry in ${distDir} — run npm run build`)
  const preloads = (entry.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean) as string[]
  const gzipCache = new Map<string, Buffer>()

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[web] request failed', error)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('Internal error')
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://page.local')
    if (url.pathname === '/healthz') return send(request, response, 200, 'application/json', '{"ok":true}')
    if (url.pathname.startsWith('/assets/')) {
      const path = normalize(join(distDir, url.pathname))
      if (!path.startsWith(join(distDir, 'assets')))
        return send(request, response, 404, 'text/plain', 'Not found')
      const body = await readFile(path).catch(() => undefined)
      if (!body) return send(request, response, 404, 'text/plain', 'Not found')
      return send(request, response, 200, CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', body, {
        'cache-control': 'public, max-age=31536000, immutable',
      })
    }
    if (url.pathname === SIWX_SESSION_PATH) return handleSessionRequest(options, request, response)
    if (url.pathname !== '/') return send(request, response, 404, 'text/plain', 'Not found')
    // The signed-in address is part of the first HTML: the session cookie is resolved before rendering.
    const state: PageState = {
      signIn: signInModeOf(url.search),
      siwxSession: await currentSession(options, request),
    }
    const html = renderPage(
      options,
      request.headers.cookie ?? '',
      entry?.file ?? '',
      preloads,
      entry?.css ?? [],
      state,
    )
    return send(request, response, 200, 'text/html; charset=utf-8', html, { 'cache-control': 'no-store' })
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ) {
    const raw = typeof body === 'string' ? Buffer.from(body) : body
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && raw.length > 1024
    let payload = raw
    if (gzip) {
      const key = request.url ?? ''
      const cacheable = headers['cache-control']?.includes('immutable')
      payload = (cacheable && gzipCache.get(key)) || gzipSync(raw)
      if (cacheable) gzipCache.set(key, payload)
    }
    response.writeHead(status, {
      'content-type': type,
      'content-length': payload.length,
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      ...headers,
    })
    response.end(payload)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use — stop the other process or set WEB_PORT`)
          : error,
      ),
    )
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://${host}:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function readManifest(distDir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    throw new Error(`The page is not built (${distDir}) — run npm run build`)
  }
}
