import { numberToHex, type PublicClient } from 'viem'
import { z } from 'zod'
import type { DecodedEvent } from './decode.ts'
import { ADDRESSES_PER_FILTER } from './log-scan.ts'
import { isUnsupported } from './node-errors.ts'

const HexString = z.string().regex(/^0x[0-9a-fA-F]*$/)
const Quantity = HexString.transform((value) => BigInt(value))

/** Only what a value transfer needs; a node's other trace kinds and fields are ignored. */
const Traces = z.array(
  z.object({
    type: z.string(),
    action: z.object({
      from: HexString.optional(),
      to: HexString.nullish(),
      value: Quantity.optional(),
      callType: z.string().optional(),
    }),
    result: z.object({ address: HexString.optional() }).nullish(),
    error: z.string().optional(),
    blockNumber: z.number(),
    transactionHash: HexString.nullish(),
    transactionPosition: z.number().nullish(),
    traceAddress: z.array(z.number()),
  }),
)

/** A move of the native coin found in a trace: a transaction's own value or one a contract made. */
export interface TracedTransfer {
  txHash: string
  blockNumber: number
  txIndex: number
  /** `traceAddress` joined: empty for the transaction's own call. */
  path: string
  from: string
  to: string
  amount: bigint
}

/** The node has no `trace_filter`: native history is shown from when the account was first watched. */
export class TracesUnavailableError extends Error {
  override name = 'TracesUnavailableError'
}

/**
 * Native transfers to or from `addresses` in the blocks `from` to `to`, plain and internal, by
 * `trace_filter` (`fromAddress` and `toAddress` together match either side). Calls that failed move
 * nothing and are left out, as are delegate and static calls, which move no value of their own.
 */
export async function readTracedTransfers(
  client: PublicClient,
  from: number,
  to: number,
  addresses: readonly string[],
): Promise<TracedTransfer[]> {
  const transfers: TracedTransfer[] = []
  const seen = new Set<string>()
  for (let start = 0; start < addresses.length; start += ADDRESSES_PER_FILTER) {
    const chunk = addresses.slice(start, start + ADDRESSES_PER_FILTER)
    const answer = await client
      .request({
        method: 'trace_filter',
        params: [
          { fromBlock: numberToHex(from), toBlock: numberToHex(to), fromAddress: chunk, toAddress: chunk },
        ],
      } as never)
      .catch((error: unknown) => {
        if (isUnsupported(error))
          throw new TracesUnavailableError('The node does not offer trace_filter', { cause: error })
        throw error
      })
    for (const trace of Traces.parse(answer)) {
      const transfer = toTransfer(trace)
      const key = transfer && `${transfer.txHash}:${transfer.path}`
      if (transfer && key && !seen.has(key)) {
        seen.add(key)
        transfers.push(transfer)
      }
    }
  }
  return transfers
}

function toTransfer(trace: z.output<typeof Traces>[number]): TracedTransfer | undefined {
  const { action } = trace
  if (trace.error !== undefined || !trace.transactionHash || !action.from || !action.value) return undefined
  const to =
    trace.type === 'call' && (action.callType ?? 'call') === 'call'
      ? action.to
      : trace.type === 'create'
        ? trace.result?.address
        : undefined
  if (!to) return undefined
  return {
    txHash: trace.transactionHash.toLowerCase(),
    blockNumber: trace.blockNumber,
    txIndex: trace.transactionPosition ?? 0,
    path: trace.traceAddress.join('.'),
    from: action.from.toLowerCase(),
    to: to.toLowerCase(),
    amount: action.value,
  }
}

/**
 * As event rows. The transaction's own value keeps sub_index 0, the row decode.ts makes from the
 * transaction itself, so the two never double; an internal one gets a number derived from its place
 * in the call tree, the same whichever account's filter found it.
 */
export function tracedEvents(transfers: TracedTransfer[]): DecodedEvent[] {
  return transfers.map((transfer) => ({
    tx_hash: transfer.txHash,
    log_index: -1,
    sub_index: transfer.path === '' ? 0 : 1 + pathNumber(transfer.path),
    block_number: transfer.blockNumber,
    tx_index: transfer.txIndex,
    kind: 'native',
    contract: null,
    from_address: transfer.from,
    to_address: transfer.to,
    token_id: null,
    amount: transfer.amount.toString(),
  }))
}

/** FNV-1a of the call path, kept below 2^31 - 1 so it fits the integer column after the +1. */
function pathNumber(path: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < path.length; index++) {
    hash ^= path.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 0x7ffffffe
}
