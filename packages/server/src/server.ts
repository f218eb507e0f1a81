import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Database } from './db/database.ts'
import { answerError, installErrorHandling } from './http/errors.ts'
import { installProjectGuard } from './http/project-guard.ts'
import { healthPlugin } from './plugins/health.ts'
import { projectsPlugin } from './plugins/projects.ts'

export interface BuildServerOptions {
  database: Database
  logger?: FastifyServerOptions['logger']
}

/** The services app, not yet listening — tests drive it with `inject`. */
export async function buildServer({
  database,
  logger = false,
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, frameworkErrors: answerError })
  installErrorHandling(app)
  await app.register(healthPlugin, { database })
  // Everything under /v1 belongs to a project and is called from its pages: one guard for all.
  await app.register(
    async (v1) => {
      installProjectGuard(v1, database.db)
      await v1.register(projectsPlugin)
    },
    { prefix: '/v1' },
  )
  return app
}
