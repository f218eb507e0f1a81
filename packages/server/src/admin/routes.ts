import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { runCommand } from '../cli/commands.ts'
import type { Database } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import { parseRequest } from '../http/validate.ts'
import { ProjectInputError, UnknownProjectError } from '../projects/errors.ts'

const Command = z.discriminatedUnion('command', [
  z.object({ command: z.literal('create'), name: z.string(), origins: z.array(z.string()) }),
  z.object({ command: z.literal('list') }),
  z.object({ command: z.literal('add-origin'), id: z.string(), origin: z.string() }),
])

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The projects CLI's way in while this server holds the embedded database: loopback callers with
 * the token from the data folder only. Runs the very same commands the CLI runs on a database.
 */
export async function adminPlugin(app: FastifyInstance, options: { database: Database; token: string }) {
  const expected = Buffer.from(`Bearer ${options.token}`)
  app.post('/admin/cli', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    const authorised = given.length === expected.length && timingSafeEqual(given, expected)
    if (!LOOPBACK.has(request.ip) || !authorised) throw new HttpError(403, 'Forbidden')
    const command = parseRequest(Command, request.body, 'body')
    try {
      return { output: await runCommand(options.database.db, command) }
    } catch (error) {
      if (error instanceof ProjectInputError) throw new HttpError(400, error.message)
      if (error instanceof UnknownProjectError) throw new HttpError(404, error.message)
      throw error
    }
  })
}
