import { type Hex, numberToHex, type PublicClient, pad } from 'viem'
import { z } from 'zod'
import { APPROVAL, APPROVAL_FOR_ALL, TRANSFER, TRANSFER_BATCH, TRANSFER_SINGLE } from './decode.ts'
import { isRangeRefusal } from './node-errors.ts'

const HexString = z.string().regex(/^0x[0-9a-fA-F]*$/)
const Quantity = HexString.transform((value) => Number(BigInt(value)))

const Logs = z.array(
  z.object({
    address: HexString,
    topics: z.array(HexString),
    data: HexString,
    blockNumber: Quantity,
    blockHash: HexString,
    transactionHash: HexString,
    logIndex: Quantity,
    removed: z.boolean().optional(),
  }),
)
export type FoundLog = z.output<typeof Logs>[number] & { address: Hex; topics: Hex[]; data: Hex }

/** Addresses per filter: providers cap a topic's alternatives, and a URL of 500 stays small. */
export const ADDRESSES_PER_FILTER = 500

/**
 * Where a watched account appears in a token log's indexed topics: a Transfer's from (topic 1) or to
 * (topic 2) for ERC-20 and ERC-721 alike, an ERC-1155 transfer's from (topic 2) or to (topic 3) —
 * topic 1 there is the operator, no party to it — and the owner (topic 1) or the spender or operator
 * (topic 2) of an Approval or ApprovalForAll: the history shows an account the approvals it was
 * given, as it shows those it gave, whether the head or the backfill read them.
 */
function filtersFor(topics: Hex[]): Array<Array<Hex | Hex[] | null>> {
  return [
    [[TRANSFER, APPROVAL, APPROVAL_FOR_ALL], topics],
    [[TRANSFER, APPROVAL, APPROVAL_FOR_ALL], null, topics],
    [[TRANSFER_SINGLE, TRANSFER_BATCH], null, topics],
    [[TRANSFER_SINGLE, TRANSFER_BATCH], null, null, topics],
  ]
}

/**
 * Every token log from `from` to `to` (inclusive) that names one of `addresses`, once each. Throws
 * what the node answered when it refuses; `scanLogs` turns a refusal into a smaller range.
 */
async function readLogs(
  client: PublicClient,
  from: number,
  to: number,
  addresses: readonly string[],
): Promise<FoundLog[]> {
  const found = new Map<string, FoundLog>()
  for (let start = 0; start < addresses.length; start += ADDRESSES_PER_FILTER) {
    const topics = addresses.slice(start, start + ADDRESSES_PER_FILTER).map((address) => pad(address as Hex))
    const answers = await Promise.all(
      filtersFor(topics).map((filter) =>
        client.request({
          method: 'eth_getLogs',
          params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: filter }],
        } as never),
      ),
    )
    for (const log of answers.flatMap((answer) => Logs.parse(answer))) {
      if (!log.removed) found.set(`${log.transactionHash}:${log.logIndex}`, log as FoundLog)
    }
  }
  return [...found.values()].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
}

/** A node that refuses even one block's logs: the job records it and tries again later. */
class BlockRefusedError extends Error {
  override name = 'BlockRefusedError'
}

/**
 * The range a call asks for, adapted to what the node accepts: halved on each refusal (down to one
 * block), doubled after a few successes in a row (up to the configured size).
 */
export class AdaptiveSpan {
  private successes = 0
  current: number

  constructor(private readonly max: number) {
    this.current = max
  }

  succeeded(): void {
    if (++this.successes >= 2 && this.current < this.max) {
      this.current = Math.min(this.max, this.current * 2)
      this.successes = 0
    }
  }

  /** False when the span is already one block: there is nothing smaller to ask for. */
  refused(): boolean {
    this.successes = 0
    if (this.current === 1) return false
    this.current = Math.max(1, Math.floor(this.current / 2))
    return true
  }
}

/**
 * Reads from `from` as far towards `to` as the node allows in one range and says how far it got:
 * a refused range is asked again at half its size until the node answers.
 */
export async function scanLogs(
  client: PublicClient,
  span: AdaptiveSpan,
  from: number,
  to: number,
  addresses: readonly string[],
): Promise<{ logs: FoundLog[]; through: number }> {
  for (;;) {
    const through = Math.min(to, from + span.current - 1)
    try {
      const logs = await readLogs(client, from, through, addresses)
      span.succeeded()
      return { logs, through }
    } catch (error) {
      if (!isRangeRefusal(error)) throw error
      if (through === from || !span.refused()) {
        throw new BlockRefusedError(
          `The node refuses the logs of block ${from}: ${(error as Error).message}`,
          {
            cause: error,
          },
        )
      }
    }
  }
}
