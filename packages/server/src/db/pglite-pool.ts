import type { PGlite } from '@electric-sql/pglite'
import type { PostgresPool, PostgresQueryResult } from 'kysely'
import { TextQueryClient } from './text-query-client.ts'

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

class PgliteClient extends TextQueryClient {
  constructor(
    private readonly pglite: PGlite,
    readonly release: () => void,
  ) {
    super()
  }

  protected async run<R>(sql: string, parameters: unknown[]): Promise<PostgresQueryResult<R>> {
    const result = await this.pglite.query<R>(sql, parameters)
    return {
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? result.affectedRows ?? 0,
      rows: result.rows,
    }
  }
}
