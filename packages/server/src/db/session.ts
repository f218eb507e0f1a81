import { Kysely, PostgresDialect, type PostgresQueryResult } from 'kysely'
import pg from 'pg'
import { postgresConnection } from './postgres-connection.ts'
import type { Tables } from './tables.ts'
import { TextQueryClient } from './text-query-client.ts'
import { DatabaseUnavailableError } from './unavailable.ts'

/** One database session for state that belongs to it, such as an advisory lock. */
export interface Session {
  /** Runs every statement on this session's connection. */
  db: Kysely<Tables>
  /** True once the connection has failed or ended: whatever the session held is gone with it. */
  readonly lost: boolean
  end(): Promise<void>
}

/**
 * A Postgres connection of its own, outside the pool, so it is held as long as needed without
 * taking a pooled connection away from the requests.
 */
export async function postgresSession(connectionString: string): Promise<Session> {
  const client = new pg.Client(postgresConnection(connectionString))
  let lost = false
  // A server that ends the connection (a restart) raises 'error'; unheard, it would end the process.
  client.on('error', () => {
    lost = true
  })
  client.on('end', () => {
    lost = true
  })
  await client.connect().catch((error: unknown) => {
    throw new DatabaseUnavailableError(error)
  })
  const connection = new SessionClient(client)
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => {} } }),
  })
  return {
    db,
    get lost() {
      return lost
    },
    end: async () => {
      await db.destroy()
      await client.end()
    },
  }
}

class SessionClient extends TextQueryClient {
  constructor(private readonly client: pg.Client) {
    super()
  }

  protected run<R>(sql: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    return this.client.query(sql, values) as unknown as Promise<PostgresQueryResult<R>>
  }

  /** The connection stays with the session until it ends. */
  release(): void {}
}
