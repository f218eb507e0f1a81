import type { PostgresPool, PostgresQueryResult } from 'kysely'
import type pg from 'pg'
import { TextQueryClient } from './text-query-client.ts'

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
      const client = await pool.connect()
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
  constructor(private readonly client: pg.PoolClient) {
    super()
  }

  protected run<R>(sql: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = preparedName(sql)
    const result =
      name === undefined ? this.client.query(sql, values) : this.client.query({ name, text: sql, values })
    return result as unknown as Promise<PostgresQueryResult<R>>
  }

  release(): void {
    this.client.release()
  }
}
