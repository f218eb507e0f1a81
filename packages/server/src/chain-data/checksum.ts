import { type Address, getAddress } from 'viem'

const LIMIT = 50_000
const memo = new Map<string, Address>()

/**
 * EIP-55 form of a lower-case address, memoised: a history page names the same few addresses
 * dozens of times and each checksum is a keccak hash, which showed up in the route's profile.
 */
export function checksummed(lower: string): Address {
  let address = memo.get(lower)
  if (address === undefined) {
    address = getAddress(lower)
    if (memo.size >= LIMIT) memo.clear()
    memo.set(lower, address)
  }
  return address
}
