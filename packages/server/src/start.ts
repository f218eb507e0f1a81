import { type AddressInfo, createServer } from 'node:net'
import { newAdminToken, publishAdminChannel } from './admin/channel.ts'
import { preparePrivateDataDir } from './db/data-dir.ts'
import { openHashSecret } from './hash-secret.ts'
import { serverModules } from './modules.ts'
import { openModules } from './open-modules.ts'
import { normaliseOrigin } from './projects/origin.ts'
import { createApp, installRoutes } from './server.ts'
import { checkNeeds, type OpenContext, type SetUpContext, type SetUpPlan } from './server-module.ts'
import type { RunningServer, StartServerOptions } from './server-options.ts'

export type { RunningServer, StartServerOptions } from './server-options.ts'

/**
 * Sets up every module (modules.ts) in order — first their checks, which open nothing, then what
 * they open before and after the database, each as a plugin of the app — and listens. Each plugin
 * closes what it opened when the app closes, so Fastify closes everything backwards, whether the
 * start fails half-way or the server is closed.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? 'production'
  const host = options.host ?? '127.0.0.1'
  // In development the public URL is the server's own, and the routes need it before listening:
  // a port left to the system is chosen first.
  const port = mode === 'development' && options.port === 0 ? await freePort(host) : (options.port ?? 3001)
  const publicUrl = parsePublicUrl(
    options.publicUrl ?? (mode === 'development' ? developmentUrl(host, port) : undefined),
  )
  checkNeeds(serverModules, options)
  const context: SetUpContext = { options, mode, publicUrl, host, resources: {} }
  const plans: SetUpPlan[] = []
  for (const module of serverModules) {
    const plan = await module.setUp?.(context)
    if (!plan) continue
    Object.assign(context.resources, plan.resources)
    plans.push(plan)
  }

  const app = createApp({ logger: options.logger ?? { level: 'warn' }, trustProxy: options.trustProxy })
  try {
    const database = await openModules(app, plans, openingContext(context))
    // Only the embedded database is locked to this process; a Postgres server takes the CLI directly.
    const adminToken = options.dataDir && !options.databaseUrl ? newAdminToken() : undefined
    await installRoutes(app, { ...context.resources, adminToken, database, trustProxy: options.trustProxy })
    let closeAdminChannel: (() => Promise<void>) | undefined
    // Before the HTTP server closes: the CLI is not sent to a server on its way out.
    app.addHook('preClose', async () => {
      await closeAdminChannel?.()
    })
    await app.listen({ host, port }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error
      throw new Error(`Port ${port} is already in use — stop the other process or choose another port`)
    })
    const url = serverUrl(host, (app.server.address() as AddressInfo).port)
    if (adminToken && options.dataDir)
      closeAdminChannel = await publishAdminChannel(options.dataDir, { url, token: adminToken })
    const running: RunningServer = { url, publicUrl: publicUrl?.origin ?? url, close: () => app.close() }
    for (const module of serverModules)
      Object.assign(running, module.describe?.(context.resources, running.publicUrl))
    return running
  } catch (error) {
    await app.close()
    throw error
  }
}

/** What the opening steps see: the data folder and the hash key are opened on first use. */
function openingContext(context: SetUpContext): OpenContext {
  const { options, mode } = context
  const log = options.log ?? ((line: string) => console.log(line))
  const dataDir = once(async () => {
    if (options.dataDir) await preparePrivateDataDir(options.dataDir)
    return options.dataDir
  })
  const hashSecret = once(async () =>
    openHashSecret(options.hashSecret, { mode, dataDir: await dataDir(), log }),
  )
  return { ...context, log, warn: options.warn, dataDir, hashSecret }
}

/** A step run on its first call only; later calls get the same answer. */
function once<T>(step: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined
  return () => {
    result ??= step()
    return result
  }
}

/**
 * Browsers refuse an IP address as a passkey's relying party, so a development frame on the
 * loopback address is reached by the name `localhost` (which browsers resolve to loopback
 * themselves): passkeys then work on a laptop as they do behind a real domain.
 */
const developmentUrl = (host: string, port: number) =>
  host === '127.0.0.1' ? `http://localhost:${port}` : serverUrl(host, port)

const serverUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`

function parsePublicUrl(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined
  const parsed = normaliseOrigin(value)
  if (!parsed.ok) throw new Error(`PUBLIC_URL: ${parsed.reason}`)
  return new URL(parsed.origin)
}

async function freePort(host: string): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, host, resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
