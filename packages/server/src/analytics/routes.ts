import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { answerPreflight } from '../http/cors.ts'
import { HttpError } from '../http/errors.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { AnalyticsEventBody } from './event.ts'
import { claimEventSlot, recordEvent } from './repository.ts'
import { keepEventsFor } from './retention.ts'

/**
 * Far above what one page sends: the SDK itself keeps error events to 5 a minute (behaviour §9). This
 * only stops a runaway or hostile caller from filling the table.
 */
export const ANALYTICS_RATE_LIMIT = { maxEvents: 120, windowMs: 60_000 } as const

export const AnalyticsErrorText = {
  DISABLED: 'Analytics disabled for this project',
  TOO_MANY: 'Too many analytics events. Please try again later.',
} as const

/** Room for every field at its cap in plain text; larger bodies are answered 413 before parsing. */
const BODY_LIMIT_BYTES = 64 * 1024

/**
 * Analytics ingest, `POST /e` (behaviour §7): 204 once the event is stored. Registered at `/e` inside a
 * scope with the project guard, so project and origin are checked as for `/v1`.
 */
export const analyticsPlugin: FastifyPluginAsync<{
  db: Kysely<Tables>
  retentionDays: number
  rateLimit?: { maxEvents: number; windowMs: number } | undefined
}> = async (scope, { db, retentionDays, rateLimit = ANALYTICS_RATE_LIMIT }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const stopPruning = keepEventsFor(db, retentionDays, (line) => app.log.error(line))
  app.addHook('onClose', async () => stopPruning())

  // The guard answers preflights for paths below `/e`; the browser asks for `/e` itself.
  app.options('/', answerPreflight)

  app.post(
    '/',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: refuseWhenDisabled,
      schema: { body: AnalyticsEventBody, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const slot = await claimEventSlot(db, project.id, request.ip, rateLimit)
      if (!slot.allowed) {
        reply.header('retry-after', String(slot.retryAfterSeconds))
        throw new HttpError(429, AnalyticsErrorText.TOO_MANY)
      }
      await recordEvent(db, project.id, request.body)
      return reply.code(204).send()
    },
  )
}

// A project that turned analytics off hears so whatever it sends, before its event is looked at.
async function refuseWhenDisabled(request: FastifyRequest): Promise<void> {
  if (!projectOf(request).analyticsEnabled) throw new HttpError(403, AnalyticsErrorText.DISABLED)
}
