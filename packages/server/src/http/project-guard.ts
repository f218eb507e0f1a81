import { ServerErrorText } from '@portico/core/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ProjectReader } from '../projects/cache.ts'
import { normaliseOrigin } from '../projects/origin.ts'
import { PROJECT_ID_FORMAT, PROJECT_ID_PATTERN } from '../projects/project-id.ts'
import type { Project } from '../projects/repository.ts'
import { allowOrigin, answerPreflight, exposeError } from './cors.ts'
import { HttpError } from './errors.ts'
import { parseRequest } from './validate.ts'

/** The query every SDK call carries; `st` and `sv` (SDK type and version) are accepted and not used. */
const SdkQuery = z.looseObject({
  projectId: z.string().optional(),
  st: z.string().optional(),
  sv: z.string().optional(),
})

const ProjectId = z
  .string({ error: (issue) => (issue.input === undefined ? 'projectId is required' : PROJECT_ID_FORMAT) })
  .min(1, 'projectId is required')
  .regex(PROJECT_ID_PATTERN, PROJECT_ID_FORMAT)

const guarded = new WeakMap<FastifyRequest, Project>()

/**
 * Puts every route of `scope` behind its project: the projectId (path, else query) must name a
 * project, and the browser's Origin must be on that project's allow-list. Runs on `onRequest`, so
 * a refused caller costs at most one lookup and no body parsing. Also answers CORS preflights, which
 * browsers send without credentials or custom headers but with the same URL.
 */
export function installProjectGuard(scope: FastifyInstance, projects: ProjectReader): void {
  scope.addHook('onRequest', async (request, reply) => {
    const query = parseRequest(SdkQuery, request.query, 'query')
    const parsed = ProjectId.safeParse(
      (request.params as { projectId?: unknown }).projectId ?? query.projectId,
    )
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? PROJECT_ID_FORMAT)

    const project = await projects.get(parsed.data)
    if (!project) {
      exposeError(request, reply)
      throw new HttpError(401, ServerErrorText.INVALID_KEY)
    }
    const origin = request.headers.origin
    if (origin === undefined || !isAllowed(project, origin)) {
      exposeError(request, reply)
      throw new HttpError(403, ServerErrorText.ORIGIN_NOT_ALLOWED)
    }
    allowOrigin(reply, origin)
    guarded.set(request, project)
  })
  scope.options('/projects/:projectId/*', answerPreflight)
  scope.options('/*', answerPreflight)
}

/** The project the guard admitted this request for. */
export function projectOf(request: FastifyRequest): Project {
  const project = guarded.get(request)
  if (!project) throw new Error(`No project guard on ${request.method} ${request.url}`)
  return project
}

function isAllowed(project: Project, origin: string): boolean {
  const result = normaliseOrigin(origin)
  return result.ok && project.origins.includes(result.origin)
}
