import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { answerError, installErrorHandling } from './http/errors.ts'
import { waitForRequestsOnClose } from './http/in-flight.ts'
import { installProjectGuard } from './http/project-guard.ts'
import { installZodSchemas } from './http/route-schema.ts'
import { warnOfUntrustedProxy } from './http/trust-proxy.ts'
import { serverModules } from './modules.ts'
import { watchProjects } from './projects/cache.ts'
import { getProject } from './projects/repository.ts'
import { checkNeeds, type RouteContext } from './server-module.ts'
import type { BuildServerOptions } from './server-options.ts'
import { RelayGauge } from './wc-relay/stats.ts'

export type { BuildServerOptions } from './server-options.ts'

/** The services app, not yet listening — tests drive it with `inject`. Each module adds its routes. */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = createApp(options)
  await installRoutes(app, options)
  return app
}

/** The Fastify app with the HTTP core (errors, zod schemas, in-flight requests), no routes yet. */
export function createApp({
  logger = false,
  trustProxy,
}: Pick<BuildServerOptions, 'logger' | 'trustProxy'>): FastifyInstance {
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    frameworkErrors: answerError,
    // Start-up opens the database (PGlite's migrations) and each module's resources in plugins,
    // which take as long as they take: no timeout of Fastify's for plugins that load.
    pluginTimeout: 0,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  })
  installErrorHandling(app)
  if (!trustProxy) warnOfUntrustedProxy(app)
  waitForRequestsOnClose(app)
  installZodSchemas(app)
  return app
}

/** The project cache and every module's routes, on the services' own app. */
export async function installRoutes(app: FastifyInstance, options: BuildServerOptions): Promise<void> {
  checkNeeds(serverModules, options)
  const { database } = options
  const projects = await watchProjects(database.listen, (id) => getProject(database.db, id))
  app.addHook('onClose', () => projects.stop())
  const context: RouteContext = {
    options,
    database,
    projects,
    relayGauge: options.walletConnectRelay ? new RelayGauge() : undefined,
  }
  // Everything under /v1 belongs to a project and is called from its pages: one guard for all.
  await app.register(
    async (v1) => {
      installProjectGuard(v1, projects)
      for (const module of serverModules) await module.projectRoutes?.(v1, context)
    },
    { prefix: '/v1' },
  )
  for (const module of serverModules) await module.routes?.(app, context)
}

const isLoggerInstance = (logger: BuildServerOptions['logger']): logger is FastifyBaseLogger =>
  typeof logger === 'object' && 'child' in logger && typeof logger.child === 'function'
