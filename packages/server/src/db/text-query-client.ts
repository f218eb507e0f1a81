import type { PostgresCursor, PostgresPoolClient, PostgresQueryResult } from 'kysely'

/**
 * A pool client for Kysely's PostgresDialect that runs SQL text with parameters. Kysely only passes
 * a cursor when the dialect is configured with one, which ours never is, so that overload refuses.
 */
export abstract class TextQueryClient implements PostgresPoolClient {
  abstract release(): void

  protected abstract run<R>(sql: string, parameters: unknown[]): Promise<PostgresQueryResult<R>>

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('Streaming queries are not supported')
    return this.run<R>(sql, [...parameters])
  }
}
