import type { PostgresPool, PostgresQueryResult } from 'kysely'
import type pg from 'pg'
import { TextQueryClient } from './text-query-client.ts'
import { DatabaseUnavailableError, endsConnection } from './unavailable.ts'

/**
 * Marks a statement to be prepared once per connection on Postgres and then only bound and run:
 * for the short, hot account queries, planning costs about as much as running them. The name must
 * belong to one SQL text only. Elsewhere (PGlite) the marker is just a comment.
 */
export function preparedAs(name: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Invalid prepared statement name: ${name}`)
  return `/* prepared:${name} */`
}

const MARKER = /^\s*\/\* prepared:([a-z][a-z0-9_]*) \*\//

/** The statement name a marked SQL text asks for, if any. */
export function preparedName(text: string): string | undefined {
  return MARKER.exec(text)?.[1]
}

/**
 * A node-postgres pool whose clients run marked statements as named prepared statements;
 * node-postgres remembers per connection which names it has already parsed.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled connection: Kysely keys its per-connection state by the client object.
  const wrappers = new WeakMap<pg.PoolClient, PreparingClient>()
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error)
      })
      let wrapper = wrappers.get(client)
      if (!wrapper) {
        wrapper = new PreparingClient(client)
        wrappers.set(client, wrapper)
      }
      return wrapper
    },
    end: () => pool.end(),
  }
}

class PreparingClient extends TextQueryClient {
  private broken = false

  constructor(private readonly client: pg.PoolClient) {
    super()
    // The pool listens to idle clients only: a client in use whose connection the server ends (a
    // restart) would otherwise raise an unhandled 'error' and take the process down. Its
    // statements fail on their own; the client must just not go back to the pool.
    client.on('error', () => {
      this.broken = true
    })
  }

  protected async run<R>(sql: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = preparedName(sql)
    try {
      const result = await (name === undefined
        ? this.client.query(sql, values)
        : this.client.query({ name, text: sql, values }))
      return result as unknown as PostgresQueryResult<R>
    } catch (error) {
      if (endsConnection(error)) this.broken = true
      throw this.broken ? new DatabaseUnavailableError(error) : error
    }
  }

  release(): void {
    this.client.release(this.broken)
  }
}
