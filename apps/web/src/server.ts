import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import { answerError, installErrorHandling } from '@portico/server/http-errors'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { assetsPlugin } from './assets.ts'
import { connectedAddress, pageIdentity } from './identity.ts'
import { createPageWagmiConfig, type PageConfig, pageChain } from './page-config.ts'
import { renderPage } from './render.tsx'
import { securityHeaders } from './security-headers.ts'
import { type PageState, signInModeOf } from './siwx.ts'
import { currentSession, MAX_BODY_BYTES, pageOrigin, siwxSessionPlugin } from './siwx-session.ts'

export interface WebServerOptions extends PageConfig {
  host?: string
  port?: number
  /** Folder with Vite's build output (`npm run build`). */
  distDir?: string
  /** Fastify's logger; by default only failures are logged. */
  logger?: FastifyServerOptions['logger']
  /**
   * Where browsers reach the page (e.g. https://shop.example): the origin the sign-in endpoint
   * accepts and speaks for to the services. Without it (development) the request's Host is taken
   * at its word.
   */
  publicUrl?: string
}

interface Manifest {
  [entry: string]: { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
}

/** The page server, not yet listening — tests drive it with `inject`. */
export async function buildWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const distDir = options.distDir ?? join(import.meta.dirname, '..', 'dist')
  const manifest = await readManifest(distDir)
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  if (!entry) throw new Error(`No browser entry in ${distDir} — run npm run build`)
  const preloads = (entry.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean) as string[]
  const config: PageConfig = {
    projectId: options.projectId,
    servicesUrl: options.servicesUrl,
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    chainName: options.chainName,
    ...(options.ensUniversalResolver ? { ensUniversalResolver: options.ensUniversalResolver } : {}),
    ...(options.demoToken ? { demoToken: options.demoToken } : {}),
  }

  // Read only for the connected address in each request's cookie.
  const wagmiConfig = createPageWagmiConfig(pageChain(config), config)

  const app = Fastify({
    logger: options.logger ?? { level: 'warn' },
    frameworkErrors: answerError,
    // Only the sign-in endpoint takes a body; its own limit is the same.
    bodyLimit: MAX_BODY_BYTES,
    // close() ends keep-alive connections too, as callers (stack, tests) expect it to return promptly.
    forceCloseConnections: true,
  })
  installErrorHandling(app)
  await app.register(fastifyHelmet, securityHeaders(config))
  await app.register(fastifyCookie)
  await app.register(assetsPlugin, { assetsDir: join(distDir, 'assets') })
  const publicOrigin = options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin
  const sessionConfig = { ...config, publicOrigin }
  await app.register(siwxSessionPlugin, { config: sessionConfig })
  app.get('/healthz', async () => ({ ok: true }))
  app.get('/', async (request, reply) => {
    // The signed-in address is part of the first HTML: the session cookie is resolved before rendering.
    const cookie = request.headers.cookie ?? ''
    const [siwxSession, identity] = await Promise.all([
      currentSession(sessionConfig, request),
      pageIdentity(config, connectedAddress(wagmiConfig, cookie), pageOrigin(request, publicOrigin)),
    ])
    const state: PageState = {
      signIn: signInModeOf(new URL(request.url, 'http://page.local').search),
      siwxSession,
      identity,
    }
    const html = renderPage(config, cookie, entry.file, preloads, entry.css ?? [], state)
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  })
  return app
}

/** Serves the server-rendered page and the built browser bundle. */
export async function startWebServer(
  options: WebServerOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 3000
  const app = await buildWebServer(options)
  try {
    await app.listen({ host, port })
  } catch (error) {
    await app.close()
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${port} is already in use — stop the other process or set WEB_PORT`)
      : error
  }
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return { url: `http://${host}:${actualPort}`, close: () => app.close() }
}

async function readManifest(distDir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    throw new Error(`The page is not built (${distDir}) — run npm run build`)
  }
}
