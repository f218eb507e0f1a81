/**
 * The database could not be reached, or dropped the connection under a statement (a restart, a
 * failover): nothing was wrong with the request, and the same request may succeed once the
 * database is back. The services answer it 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  constructor(cause: unknown) {
    super(`Database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/**
 * Whether a statement failed because its connection did. A server that ends a session says so to
 * the statement running on it with a FATAL error (57P01 on a restart) before it closes the socket;
 * class 08 is the connection exceptions.
 */
export function endsConnection(error: unknown): boolean {
  const { severity, code } = error as { severity?: unknown; code?: unknown }
  return severity === 'FATAL' || severity === 'PANIC' || (typeof code === 'string' && code.startsWith('08'))
}
