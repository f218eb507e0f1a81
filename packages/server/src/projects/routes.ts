import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'

const Origins = z.object({ allowedOrigins: z.array(z.string()) })
const AnalyticsConfig = z.object({ isAnalyticsEnabled: z.boolean() })

/**
 * What the SDK asks about its own project at start-up. The guard has already checked the
 * projectId and origin, so these only read the project it admitted.
 */
export const projectsPlugin: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.get('/projects/:projectId/origins', { schema: { response: { 200: Origins } } }, async (request) => ({
    allowedOrigins: projectOf(request).origins,
  }))
  app.get(
    '/projects/:projectId/analytics-config',
    { schema: { response: { 200: AnalyticsConfig } } },
    async (request) => ({
      isAnalyticsEnabled: projectOf(request).analyticsEnabled,
    }),
  )
}
