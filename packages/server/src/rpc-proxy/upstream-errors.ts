import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem'

/** Every upstream that was asked failed, or was resting (Retry-After) and was not asked. */
export class UpstreamsFailed extends Error {
  constructor(
    readonly reason: string,
    /** Set when every upstream rests: how long until the first may be asked again. */
    readonly retryAfterMs?: number,
    /**
     * Whether asking again may help: some upstream was out of reach, timed out or was overloaded
     * (5xx, 429). A refusal of the request itself would only be computed and refused again.
     */
    readonly transient = true,
  ) {
    super(`No upstream node answered: ${reason}`)
  }
}

/** The HTTP statuses viem retries on: the upstream's trouble (or limits), not the call's. */
const UPSTREAM_TROUBLE = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/** Some nodes answer a call's JSON-RPC error (a revert) with a 4xx status: still the node's answer. */
export function isNodeAnswer(error: unknown): error is RpcRequestError {
  return error instanceof RpcRequestError && error.status !== undefined && !UPSTREAM_TROUBLE.has(error.status)
}

/**
 * Whether an upstream failed in transport — unreachable, reset, timed out, overloaded (5xx, 408,
 * 429) — so that the same request may be answered later or elsewhere.
 */
export function isTransportTrouble(error: unknown): boolean {
  if (error instanceof TimeoutError) return true
  if (error instanceof HttpRequestError || error instanceof RpcRequestError) {
    const status = error.status
    return status === undefined || status >= 500 || status === 408 || status === 429
  }
  return false
}

/** `Retry-After` on an upstream's refusal, in seconds or as an HTTP date, as viem reads it. */
export function retryAfterMs(error: unknown): number | undefined {
  const headers =
    error instanceof HttpRequestError || error instanceof RpcRequestError ? error.headers : undefined
  const value = headers?.get('retry-after')
  if (!value) return undefined
  const seconds = Number.parseInt(value, 10)
  if (!Number.isNaN(seconds)) return Math.max(0, seconds * 1000)
  const delay = Date.parse(value) - Date.now()
  return delay > 0 ? delay : undefined
}

export function shortReason(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : 'failed'
}
