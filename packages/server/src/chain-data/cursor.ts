import { z } from 'zod'
import { HttpError } from '../http/errors.ts'

/** Longer than any cursor this server hands out; anything beyond is refused before decoding. */
const MAX_CURSOR_LENGTH = 256

/**
 * Cursors are opaque to callers: base64url of a small JSON object. Decoding validates with the
 * page's own schema, so a forged or truncated cursor is a 400, never a query with junk in it.
 */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url')
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.output<S> {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid()
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  const result = schema.safeParse(json)
  if (!result.success) throw invalid()
  return result.data
}

function invalid(): HttpError {
  return new HttpError(400, 'query.cursor: Invalid cursor: pass back the `next` value of the previous page')
}

const Uint = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** tx_index is a Postgres integer; a larger value in a forged cursor must be a 400, not a query error. */
export const MAX_TX_INDEX = 2 ** 31 - 1

/** History position: the last transaction shown, by block number and index in the block. */
export const HistoryCursor = z.strictObject({ b: Uint, i: Uint.max(MAX_TX_INDEX) })
export type HistoryCursor = z.output<typeof HistoryCursor>

/** NFT position: the last item shown, by contract and token id (a decimal string). */
export const NftCursor = z.strictObject({
  c: z.string().regex(/^0x[0-9a-f]{40}$/),
  t: z.string().regex(/^\d{1,78}$/),
})
export type NftCursor = z.output<typeof NftCursor>
