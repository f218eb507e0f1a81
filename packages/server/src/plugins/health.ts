import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { Database } from '../db/database.ts'

/** For load balancers and the start script: answers only when the database does. */
export const healthPlugin: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/health', async () => {
    await sql`select 1`.execute(database.db)
    return { ok: true, database: database.kind }
  })
}
