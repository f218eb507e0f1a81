import type pg from 'pg'

/**
 * How long a new Postgres connection may take. Without a limit, a server that accepts the TCP
 * connection and never answers (a stuck proxy, a paused VM) holds every request — and the start —
 * forever; with it they fail with pg's "timeout expired" and the next attempt tries again.
 */
export const CONNECT_TIMEOUT_MS = 10_000

/** The settings of every connection the services open to a Postgres server. */
export const postgresConnection = (connectionString: string): pg.ClientConfig & pg.PoolConfig => ({
  connectionString,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
})
