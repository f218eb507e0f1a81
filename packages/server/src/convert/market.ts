import { type Address, defineChain, getAddress, type PublicClient } from 'viem'
import { tableEntry } from '../chain-data/config.ts'
import { liveNodeClient } from '../chain-data/node.ts'
import type { SwapsConfig } from './config.ts'
import { PairBook } from './pairs.ts'

/** How AppKit's convert client (after 1inch) names the native token in a CAIP-10 address. */
export const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export interface SwapToken {
  /** The ERC-20 contract, or NATIVE_TOKEN. */
  address: Address
  /** `eip155:<chainId>:<address>` */
  caipAddress: string
  name: string
  symbol: string
  decimals: number
  /** An http(s) or data:image URL, or '' when the operator gave none. */
  logoUri: string
  native: boolean
}

/** One chain's swaps as the routes use them. */
export interface SwapChain {
  chainId: number
  /** `eip155:<chainId>` */
  caipNetworkId: string
  /** Read at request time through `askNode`: 2 s, one try, a lost node is a 503. */
  client: PublicClient
  router: Address
  factory: Address
  weth: Address
  /** The native token first, then the ERC-20s in the operator's order. */
  tokens: SwapToken[]
  pairs: PairBook
}

/** The configured swap chains by CAIP-2 id, each with its own node client and pair cache. */
export function swapChains(config: SwapsConfig): Map<string, SwapChain> {
  const chains = new Map<string, SwapChain>()
  for (const [id, options] of Object.entries(config.chains)) {
    const chainId = Number(id)
    const caipNetworkId = `eip155:${chainId}`
    const client = liveNodeClient(
      defineChain({
        id: chainId,
        name: `Chain ${chainId}`,
        nativeCurrency: options.nativeCurrency,
        rpcUrls: { default: { http: [options.rpcUrl] } },
      }),
      options.rpcUrl,
    )
    const token = (address: Address, details: { name: string; symbol: string; decimals: number }) => ({
      address,
      caipAddress: `${caipNetworkId}:${address}`,
      ...details,
      logoUri: tableEntry(options.tokenIcons, details.symbol, address) ?? '',
      native: address === NATIVE_TOKEN,
    })
    chains.set(caipNetworkId, {
      chainId,
      caipNetworkId,
      client,
      router: options.router,
      factory: options.factory,
      weth: options.weth,
      tokens: [
        token(NATIVE_TOKEN, options.nativeCurrency),
        ...options.tokens.map(({ address, ...details }) => token(address, details)),
      ],
      pairs: new PairBook(client, options.factory),
    })
  }
  return chains
}

/** The chain's swap token at `address` (any case), if it offers one there. */
export function tokenAt(chain: SwapChain, address: string): SwapToken | undefined {
  const wanted = address.toLowerCase()
  return chain.tokens.find((token) => token.address.toLowerCase() === wanted)
}

/** The address the router trades a token as: WETH for the native token. */
export const routerAddress = (chain: SwapChain, token: SwapToken): Address =>
  token.native ? chain.weth : getAddress(token.address)
