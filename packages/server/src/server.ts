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
  checkNeeds(serverModules, options)
  const { database, logger = false, trustProxy } = options
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    frameworkErrors: answerError,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  })
  installErrorHandling(app)
  if (!trustProxy) warnOfUntrustedProxy(app)
  waitForRequestsOnClose(app)
  installZodSchemas(app)
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
  return app
}

const isLoggerInstance = (logger: BuildServerOptions['logger']): logger is FastifyBaseLogger =>
  typeof logger === 'object' && 'child' in logger && typeof logger.child === 'function'
