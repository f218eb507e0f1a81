import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { isProjectId } from '../projects/project-id.ts'
import { projectMailbox } from '../wc-relay/quota.ts'
import { resolveDayRange } from './range.ts'
import { shapeSummary } from './shape.ts'
import { projectChoices, readSummaryRows } from './summary.ts'

const Day = z.string().max(10, 'must be a day as YYYY-MM-DD')
const SummaryQuery = z.strictObject({
  projectId: z.string().max(64).refine(isProjectId, 'must be a project id'),
  from: Day.optional(),
  to: Day.optional(),
})

/**
 * The JSON the dashboard page reads, for a logged-in operator only: the projects for its filter and
 * one project's summary over a range of UTC days, with what its relay clients keep in the mailbox.
 */
export const dashboardApi: FastifyPluginAsync<{
  db: Kysely<Tables>
  requireSession: (request: FastifyRequest) => Promise<void>
}> = async (scope, { db, requireSession }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get('/dashboard/api/projects', { preValidation: requireSession }, async () => ({
    projects: await projectChoices(db),
  }))

  app.get(
    '/dashboard/api/summary',
    { preValidation: requireSession, schema: { querystring: SummaryQuery } },
    async (request) => {
      const { projectId, from, to } = request.query
      const range = resolveDayRange(from, to, new Date())
      if (!range.ok) throw new HttpError(400, `query.${range.field}: ${range.message}`)
      const project = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .executeTakeFirst()
      if (!project) throw new HttpError(404, `No project with the id ${projectId}`)
      const [rows, relayMailbox] = await Promise.all([
        readSummaryRows(db, projectId, range),
        projectMailbox(db, projectId, new Date()),
      ])
      return {
        projectId,
        from: range.from,
        to: range.to,
        ...shapeSummary(rows, range.days),
        // What the project's WalletConnect relay clients keep in the mailbox now, whatever the range.
        relayMailbox,
      }
    },
  )
}
