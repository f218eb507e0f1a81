import { embeddedWallet } from '@portico/embedded'
import { type Chain, defineChain } from 'viem'
import { cookieStorage, createConfig, createStorage, http } from 'wagmi'
import type { PorticoSettings } from './settings'

export function settingsChain(settings: PorticoSettings): Chain {
  return defineChain({
    id: settings.chainId,
    name: settings.chainName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  })
}

/**
 * The same config on the server (to read the connection from the request's cookie) and in the
 * browser. `ssr` with cookie storage is what lets the first HTML already show a connected wallet.
 */
export function createWagmiConfig(settings: PorticoSettings) {
  const chain = settingsChain(settings)
  return createConfig({
    chains: [chain],
    // E-mail login: the embedded wallet's secure frame is served by the Portico services.
    connectors: [embeddedWallet({ servicesUrl: settings.servicesUrl, projectId: settings.projectId })],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: { [chain.id]: http(settings.rpcUrl) },
  })
}
