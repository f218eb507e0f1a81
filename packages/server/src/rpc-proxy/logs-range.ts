import { LIMIT_EXCEEDED, type RpcCall, type RpcErrorObject } from './messages.ts'

/** The methods that take a log filter with a block range. */
const RANGED = new Set(['eth_getLogs', 'eth_newFilter'])

/**
 * Refuses an `eth_getLogs` (or a filter) over more than `maxBlocks` blocks, which makes a node read
 * that many blocks' logs. Tags are read against `head`, the highest block the upstreams last said;
 * while none has said it, a tag cannot be checked and is refused with what to send instead. A
 * range that is not one (a block hash, from after to) is left for the node to answer.
 */
export function logsRangeRefusal(
  call: RpcCall,
  head: bigint | undefined,
  maxBlocks: number,
): RpcErrorObject | undefined {
  if (!RANGED.has(call.method)) return undefined
  const filter = Array.isArray(call.params) ? call.params[0] : undefined
  if (typeof filter !== 'object' || filter === null) return undefined
  const { fromBlock = 'latest', toBlock = 'latest', blockHash } = filter as Record<string, unknown>
  if (blockHash !== undefined) return undefined
  const from = blockOf(fromBlock, head)
  const to = blockOf(toBlock, head)
  if (from === 'unknown' || to === 'unknown')
    return {
      code: LIMIT_EXCEEDED,
      message: `${call.method}: the chain's head is not known yet, so a block tag cannot be checked against the limit of ${maxBlocks} blocks; give fromBlock and toBlock as block numbers`,
    }
  if (from === undefined || to === undefined || to < from) return undefined
  const blocks = to - from + 1n
  if (blocks <= BigInt(maxBlocks)) return undefined
  return {
    code: LIMIT_EXCEEDED,
    message: `${call.method}: ${blocks} blocks is over the limit of ${maxBlocks} blocks a call; ask in ranges of at most ${maxBlocks} blocks`,
  }
}

function blockOf(value: unknown, head: bigint | undefined): bigint | 'unknown' | undefined {
  if (value === 'earliest') return 0n
  if (value === 'latest' || value === 'safe' || value === 'finalized' || value === 'pending')
    return head === undefined ? 'unknown' : head
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) return undefined
  return BigInt(value)
}
