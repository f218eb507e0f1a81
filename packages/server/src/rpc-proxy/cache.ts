import { Lru } from './lru.ts'
import type { RpcCall } from './messages.ts'

/** Answers kept per chain. */
export const CACHE_ENTRIES = 8192
/**
 * And at most this much JSON: 8192 entries alone do not bound memory, as one block with its
 * transactions can weigh hundreds of kilobytes on a busy chain.
 */
export const CACHE_BYTES = 64 * 2 ** 20
/**
 * A transaction is only known to stay where it was mined once this many blocks lie on top of it:
 * a receipt kept from a block that a reorganisation dropped would name a block the chain no longer
 * has, for as long as it stays in the cache. (A block by hash needs no such wait: its hash names
 * its content.)
 */
export const SAFE_DEPTH = 12n

const HASH_KEYED = new Set(['eth_getBlockByHash', 'eth_getTransactionReceipt', 'eth_getTransactionByHash'])

/** The cache key of a call whose answer may never change, or undefined for one that may. */
export function cacheKey(call: RpcCall): string | undefined {
  if (call.method === 'eth_chainId') return call.method
  // Hashes are hex, so their case does not change what they name.
  if (HASH_KEYED.has(call.method)) return `${call.method}:${JSON.stringify(call.params ?? []).toLowerCase()}`
  return undefined
}

/**
 * Whether this answer stays true: the chain id; a block found by its hash; a transaction or its
 * receipt once its block is SAFE_DEPTH under `head` (the highest block the upstreams last said).
 * Never an error or null (a transaction not found yet may be found next time).
 */
export function isImmutable(call: RpcCall, result: unknown, head: bigint | undefined): boolean {
  if (result === null || result === undefined) return false
  switch (call.method) {
    case 'eth_chainId':
      return typeof result === 'string'
    case 'eth_getBlockByHash':
      return typeof result === 'object'
    case 'eth_getTransactionReceipt':
    case 'eth_getTransactionByHash':
      return isBuried(result, head)
    default:
      return false
  }
}

function isBuried(result: unknown, head: bigint | undefined): boolean {
  const { blockHash, blockNumber } = result as { blockHash?: unknown; blockNumber?: unknown }
  if (head === undefined || typeof blockHash !== 'string' || typeof blockNumber !== 'string') return false
  try {
    return BigInt(blockNumber) + SAFE_DEPTH <= head
  } catch {
    return false
  }
}

/** The immutable answers of one chain. */
export class AnswerCache {
  private readonly lru = new Lru<unknown>(CACHE_ENTRIES, CACHE_BYTES)

  get(call: RpcCall): { result: unknown } | undefined {
    const key = cacheKey(call)
    if (key === undefined) return undefined
    const result = this.lru.get(key)
    return result === undefined ? undefined : { result }
  }

  /** Keeps the answer if it can never change. */
  offer(call: RpcCall, result: unknown, head: bigint | undefined): void {
    const key = cacheKey(call)
    if (key === undefined || !isImmutable(call, result, head)) return
    this.lru.set(key, result, JSON.stringify(result).length)
  }
}
