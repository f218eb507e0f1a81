import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { runCommand } from '../cli/commands.ts'
import type { Database } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { ProjectInputError, UnknownProjectError } from '../projects/errors.ts'

const Command = z.discriminatedUnion('command', [
  z.object({ command: z.literal('create'), name: z.string(), origins: z.array(z.string()) }),
  z.object({ command: z.literal('list') }),
  z.object({ command: z.literal('add-origin'), id: z.string(), origin: z.string() }),
])

/** What the CLI prints. */
const Output = z.object({ output: z.string() })

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The projects CLI's way in while this server holds the embedded database: loopback callers with
 * the token from the data folder only. Runs the very same commands the CLI runs on a database.
 */
export async function adminPlugin(scope: FastifyInstance, options: { database: Database; token: string }) {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const expected = Buffer.from(`Bearer ${options.token}`)

  // Before the body is validated, so a stranger learns nothing about the commands.
  async function adminOnly(request: FastifyRequest) {
    const given = Buffer.from(request.headers.authorization ?? '')
    const authorised = given.length === expected.length && timingSafeEqual(given, expected)
    if (!LOOPBACK.has(request.ip) || !authorised) throw new HttpError(403, 'Forbidden')
  }

  app.post(
    '/admin/cli',
    { preValidation: adminOnly, schema: { body: Command, response: { 200: Output } } },
    async (request) => {
      try {
        return { output: await runCommand(options.database.db, request.body) }
      } catch (error) {
        if (error instanceof ProjectInputError) throw new HttpError(400, error.message)
        if (error instanceof UnknownProjectError) throw new HttpError(404, error.message)
        throw error
      }
    },
  )
}
