import type { Chain } from 'viem'
import { toCaipNetworkId } from './caip.ts'
import { ErrorText, PorticoError } from './errors.ts'

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

/**
 * The one chain of the page. Portico reads it from its `networks`, the connectors (e-mail login,
 * WalletConnect) from wagmi's first chain; a page where the two differ would show one network and
 * sign on another, so it is refused before anything is made.
 */
export function pageChain(networks: readonly Chain[], wagmiChains: readonly Chain[]): Chain {
  const [network] = networks
  const [wagmiChain] = wagmiChains
  if (!network || network.id !== wagmiChain?.id)
    throw new PorticoError(
      `${ErrorText.NETWORK_NOT_WAGMI_CHAIN} (networks: ${network?.id ?? 'none'}, wagmi: ${wagmiChain?.id ?? 'none'})`,
    )
  return network
}
