/**
 * What a mined transaction's ERC-20 logs say about one account: how much of a token arrived
 * (a swap's real output, not the quote's least), or whom it allowed to spend which token (an
 * approval's row). Read from the topics by hand: a decoder and an ABI would cost the bundle more
 * than these two events.
 */

/** The fields of a log both viem's receipts and JSON-RPC answers carry. */
export interface ReceiptLog {
  address: string
  topics: readonly string[]
  data: string
}

/** keccak256("Transfer(address,address,uint256)") */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("Approval(address,address,uint256)") */
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** An indexed address topic (32 bytes, left-padded) as `0x` and its 40 hex digits, lower case. */
const topicAddress = (topic: string | undefined) =>
  topic && topic.length === 66 ? `0x${topic.slice(26).toLowerCase()}` : undefined

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The base units of `token` the logs moved to `account`, summed; undefined when none arrived, so
 * a caller can keep its own estimate rather than claim zero.
 */
export function receivedAmount(
  logs: readonly ReceiptLog[],
  token: string,
  account: string,
): bigint | undefined {
  let total: bigint | undefined
  for (const log of logs) {
    const [topic, , to] = log.topics
    if (topic !== TRANSFER_TOPIC || !same(log.address, token)) continue
    if (topicAddress(to) !== account.toLowerCase() || log.data.length < 3) continue
    total = (total ?? 0n) + BigInt(log.data)
  }
  return total
}

/** The first approval `owner` gave in the logs: the token's contract and the spender. */
export function approvalOf(
  logs: readonly ReceiptLog[],
  owner: string,
): { token: string; spender: string } | undefined {
  for (const log of logs) {
    const [topic, from, spender] = log.topics
    const spenderAddress = topicAddress(spender)
    if (topic === APPROVAL_TOPIC && topicAddress(from) === owner.toLowerCase() && spenderAddress)
      return { token: log.address, spender: spenderAddress }
  }
  return undefined
}
