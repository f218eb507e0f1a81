import {
  BaseError,
  type Chain,
  createPublicClient,
  HttpRequestError,
  http,
  type PublicClient,
  TimeoutError,
} from 'viem'

/**
 * How long a request waits on the chain node. A caller is better served by a quick "try again"
 * than by a request held open for a node that may never answer (a frozen process accepts
 * connections and says nothing), so there is one try and no retry.
 */
export const NODE_TIMEOUT_MS = 2_000

/** The client the routes and the readiness check read live values with (the indexer has its own). */
export function liveNodeClient(chain: Chain, rpcUrl: string): PublicClient {
  return createPublicClient({
    chain,
    transport: http(rpcUrl, { timeout: NODE_TIMEOUT_MS, retryCount: 0 }),
  }) as PublicClient
}

/**
 * A client for reads made of many calls at once: the calls started together travel as one JSON-RPC
 * batch (up to `batchSize` calls a request), under the same one-try timeout as `liveNodeClient`.
 */
export function batchingNodeClient(rpcUrl: string, batchSize: number): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { timeout: NODE_TIMEOUT_MS, retryCount: 0, batch: { batchSize, wait: 0 } }),
  }) as PublicClient
}

/** What callers (503 CHAIN_UNAVAILABLE) and the readiness check are told. */
export const CHAIN_UNAVAILABLE_MESSAGE = 'The chain node is not answering. Please try again shortly.'

/**
 * The chain node could not be reached or did not answer in time: nothing was wrong with the
 * request, and the same request may succeed once the node is back. The services answer it 503.
 */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError'
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause)
    super(`Chain node unavailable: ${reason}`, { cause })
  }
}

/** Whether a node call failed for want of a node (refused, reset, timed out, an HTTP error status). */
export function nodeUnreachable(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null
  )
}

/** A node call whose unreachable node becomes ChainUnavailableError; other failures stay what they are. */
export async function askNode<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw nodeUnreachable(error) ? new ChainUnavailableError(error) : error
  }
}
