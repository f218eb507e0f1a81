import { type Address, getAddress, isAddressEqual, type PublicClient, zeroAddress } from 'viem'
import { askNode } from '../chain-data/node.ts'
import { factoryAbi } from './abis.ts'

/** How long a pair the factory does not have is taken as missing before the factory is asked again. */
export const ABSENT_PAIR_TTL_MS = 10_000

/**
 * The factory's pairs, as the quotes need them. A pair, once created, never moves, so a found one
 * is kept for good; a missing one may be created at any time, so it is asked about again after
 * ABSENT_PAIR_TTL_MS. The keys come from the configured tokens only, so both maps stay small.
 */
export class PairBook {
  private readonly found = new Map<string, Address>()
  private readonly absentSince = new Map<string, number>()

  constructor(
    private readonly client: PublicClient,
    private readonly factory: Address,
    private readonly now: () => number = Date.now,
  ) {}

  async pairOf(tokenA: Address, tokenB: Address): Promise<Address | undefined> {
    const key = [tokenA.toLowerCase(), tokenB.toLowerCase()].sort().join('/')
    const known = this.found.get(key)
    if (known) return known
    const since = this.absentSince.get(key)
    if (since !== undefined && this.now() - since < ABSENT_PAIR_TTL_MS) return undefined
    const pair = await askNode(
      this.client.readContract({
        address: this.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [tokenA, tokenB],
      }),
    )
    if (isAddressEqual(pair, zeroAddress)) {
      this.absentSince.set(key, this.now())
      return undefined
    }
    this.absentSince.delete(key)
    this.found.set(key, getAddress(pair))
    return getAddress(pair)
  }
}
