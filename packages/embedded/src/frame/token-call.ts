import { type Address, getAddress } from 'viem'

/** An ERC-20 `transfer(to, amount)` or `approve(spender, amount)`, read from a call's data. */
export interface TokenCall {
  method: 'transfer' | 'approve'
  /** The recipient of a transfer, the spender of an approval. */
  party: Address
  /** In the token's smallest units. */
  amount: bigint
}

const SELECTORS: Record<string, TokenCall['method']> = { a9059cbb: 'transfer', '095ea7b3': 'approve' }
// Selector, an address word (12 zero bytes first), an amount word: nothing more, nothing less.
const ARGUMENTS = /^0x([0-9a-f]{8})0{24}([0-9a-f]{40})([0-9a-f]{64})$/i

/**
 * The token call a call's data makes, so the approval can say it in words; undefined for anything
 * else (another function, or data that is not exactly these two arguments). Written out rather than
 * viem's ABI decoder, which would add to the frame's first load. Pure.
 */
export function readTokenCall(data: string | undefined): TokenCall | undefined {
  const match = data ? ARGUMENTS.exec(data) : null
  const method = match && SELECTORS[(match[1] ?? '').toLowerCase()]
  if (!match || !method) return undefined
  return { method, party: getAddress(`0x${match[2]}`), amount: BigInt(`0x${match[3]}`) }
}
