import type { Chain } from 'viem'
import { toCaipNetworkId } from './caip.ts'

/** The one network the page supports, with its CAIP-2 id (`useNetwork`). */
export interface CaipNetwork {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
  name: string
  nativeCurrency: Chain['nativeCurrency']
  rpcUrls: Chain['rpcUrls']
  chain: Chain
}

export function toCaipNetwork(chain: Chain): CaipNetwork {
  return {
    id: chain.id,
    caipNetworkId: toCaipNetworkId('eip155', chain.id) as `eip155:${number}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    chain,
  }
}
