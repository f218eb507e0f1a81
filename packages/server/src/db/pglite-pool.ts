import type { PGlite } from '@electric-sql/pglite'
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

/**
 * Makes one PGlite instance look like a node-postgres pool, so Kysely's own PostgresDialect drives
 * both backends and the SQL, transactions and migration lock are the same code path.
 *
 * PGlite is a single connection: a transaction's statements must not interleave with anyone
 * else's, so the one client is handed out under a lock, as a pool of size one would.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve()
  let releaseHolder = () => {}
  const client = new PgliteClient(pglite, () => releaseHolder())
  return {
    async connect() {
      const previous = queue
      let release = () => {}
      queue = new Promise((resolve) => {
        release = resolve
      })
      await previous
      releaseHolder = release
      return client
    },
    end: () => pglite.close(),
  }
}

class PgliteClient implements PostgresPoolClient {
  constructor(
    private readonly pglite: PGlite,
    readonly release: () => void,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely only passes a cursor when the dialect is configured with one, which this is not.
    if (typeof sql !== 'string') throw new Error('Streaming queries are not supported on PGlite')
    return this.pglite.query<R>(sql, [...parameters]).then((result) => ({
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? result.affectedRows ?? 0,
      rows: result.rows,
    }))
  }
}
