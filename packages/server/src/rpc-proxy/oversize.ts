import type { ResponseBodyTooLargeError } from 'viem'
import { LIMIT_EXCEEDED, type Outcome } from './messages.ts'

/**
 * How many times an answer over the size cap is split before its calls are refused. A split costs
 * the node each call again, so the bound is what one request may cost at most: this many + 1 times.
 */
export const MAX_SPLITS = 3

/** A call whose answer alone is over the cap, or that was still in a part over it after the last split. */
export function tooLarge(maxBytes: number): Outcome {
  const limit = maxBytes >= 2 ** 20 ? `${Math.round(maxBytes / 2 ** 20)} MiB` : `${maxBytes} bytes`
  return {
    error: {
      code: LIMIT_EXCEEDED,
      message: `The answer is too large: over the RPC proxy's limit of ${limit}. Ask for less at once — a smaller block range or fewer addresses for eth_getLogs, fewer calls in a batch`,
    },
  }
}

/**
 * The parts to ask a batch in whose answer was over the cap: halves, or more when the size the
 * upstream announced shows that halves would not fit either, so the node computes the calls twice
 * rather than once per halving.
 */
export function splitForSize<T>(calls: readonly T[], error: ResponseBodyTooLargeError): T[][] {
  const needed = error.size > error.maxSize ? Math.ceil(error.size / error.maxSize) : 2
  const parts = Math.min(calls.length, Math.max(2, needed))
  const size = Math.ceil(calls.length / parts)
  const split: T[][] = []
  for (let at = 0; at < calls.length; at += size) split.push(calls.slice(at, at + size))
  return split
}
