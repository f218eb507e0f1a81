import { Lru } from './lru.ts'
import type { RpcCall } from './messages.ts'

/** Answers kept per chain for the current head: a page's reads, not a history. */
const HEAD_CACHE_ENTRIES = 4096
/** And at most this much JSON (a latest block with its transactions can weigh hundreds of kB). */
const HEAD_CACHE_BYTES = 16 * 2 ** 20

/**
 * Where each method that reads state names its block; only reads at `latest` are kept. Not
 * `eth_call` nor `eth_getTransactionCount`: a wallet reads its next nonce with them (a smart
 * account's from the EntryPoint) right after its last transaction is mined, through a bundler the
 * proxy does not see, and a nonce from before that block would make the next one fail.
 */
const BLOCK_TAG_AT: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getBlockByNumber: 0,
  eth_getCode: 1,
  eth_getStorageAt: 2,
}

/**
 * The cache key of a call whose answer holds until the chain's head moves: `eth_blockNumber`, and
 * the state reads above at the `latest` tag. Not `pending` (the node's transaction pool moves
 * without a block), nor `safe`/`finalized`, nor an omitted tag (each node picks its own default).
 */
export function headKey(call: RpcCall): string | undefined {
  if (call.method === 'eth_blockNumber') return call.method
  const at = BLOCK_TAG_AT[call.method]
  if (at === undefined || !Array.isArray(call.params) || call.params[at] !== 'latest') return undefined
  // Hex (addresses, slots, call data) names the same thing in either case; keys and other text keep
  // theirs, as a node may read them case-sensitively. Object keys keep their order, so two spellings
  // of one call are two entries.
  return `${call.method}:${JSON.stringify(call.params, lowerHex)}`
}

function lowerHex(_key: string, value: unknown): unknown {
  return typeof value === 'string' && /^0x[0-9a-f]*$/i.test(value) ? value.toLowerCase() : value
}

/** The block number an answer tells, if it tells one: a new head seen in passing. */
export function headOf(call: RpcCall, result: unknown): bigint | undefined {
  const hex =
    call.method === 'eth_blockNumber'
      ? result
      : call.method === 'eth_getBlockByNumber' && typeof result === 'object' && result !== null
        ? (result as { number?: unknown }).number
        : undefined
  if (typeof hex !== 'string' || !/^0x[0-9a-f]{1,64}$/i.test(hex)) return undefined
  return BigInt(hex)
}

/**
 * The answers of one chain that hold for its current head. An answer is kept under the head the
 * proxy knew when the call went out, for at most `maxAgeMs`; once the proxy learns of a higher head
 * (from the upstreams' sampling, or a block number passing through) every answer is dropped. So a
 * `latest` read is never older than `maxAgeMs` past its answer, nor served once a newer block is
 * known. Only results are offered: errors and nulls are asked again.
 */
export class HeadCache {
  private readonly lru = new Lru<{ result: unknown; until: number }>(HEAD_CACHE_ENTRIES, HEAD_CACHE_BYTES)
  private head: bigint | undefined

  constructor(private readonly maxAgeMs: number) {}

  /** The highest head seen; a higher one empties the cache. */
  currentHead(): bigint | undefined {
    return this.head
  }

  noteHead(head: bigint | undefined): void {
    if (head === undefined || (this.head !== undefined && head <= this.head)) return
    this.head = head
    this.lru.clear()
  }

  /** Drops every answer: a transaction went out through the proxy, so the next reads ask the node. */
  forget(): void {
    this.lru.clear()
  }

  get(key: string, now = Date.now()): { result: unknown } | undefined {
    const entry = this.lru.get(key)
    if (entry === undefined) return undefined
    if (entry.until > now) return { result: entry.result }
    this.lru.delete(key)
    return undefined
  }

  /** Keeps a result asked at `askedAt` (the head when the call went out) unless the head moved since. */
  offer(key: string, result: unknown, askedAt: bigint | undefined, now = Date.now()): void {
    if (this.maxAgeMs <= 0 || result === null || result === undefined || askedAt !== this.head) return
    this.lru.set(key, { result, until: now + this.maxAgeMs }, JSON.stringify(result).length)
  }
}
