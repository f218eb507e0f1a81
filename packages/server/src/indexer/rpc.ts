/** The chain moved under a read (a log or receipt belongs to another block hash): read again. */
export class ChainMovedError extends Error {
  override name = 'ChainMovedError'
}
