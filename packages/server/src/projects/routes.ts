import type { FastifyPluginAsync } from 'fastify'
import { projectOf } from '../http/project-guard.ts'

/**
 * What the SDK asks about its own project at start-up. The guard has already checked the
 * projectId and origin, so these only read the project it admitted.
 */
export const projectsPlugin: FastifyPluginAsync = async (app) => {
  app.get('/projects/:projectId/origins', async (request) => ({ allowedOrigins: projectOf(request).origins }))
  app.get('/projects/:projectId/analytics-config', async (request) => ({
    isAnalyticsEnabled: projectOf(request).analyticsEnabled,
  }))
}
