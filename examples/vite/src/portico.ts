import { createPortico } from '@portico/core'
import { embeddedWallet } from '@portico/embedded'
import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'

/** Vite inlines these at build time (see .env.example): a build is made for one stack. */
const env = import.meta.env
const projectId = env.VITE_PORTICO_PROJECT_ID ?? ''
const servicesUrl = env.VITE_PORTICO_SERVICES_URL ?? 'http://localhost:3001'
const rpcUrl = env.VITE_PORTICO_RPC_URL ?? 'http://127.0.0.1:8545'

const chain = defineChain({
  id: Number(env.VITE_PORTICO_CHAIN_ID ?? 31337),
  name: env.VITE_PORTICO_CHAIN_NAME ?? 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

export const wagmiConfig = createConfig({
  chains: [chain],
  // E-mail login: the embedded wallet's secure frame is served by the Portico services.
  connectors: [embeddedWallet({ servicesUrl, projectId })],
  transports: { [chain.id]: http(rpcUrl) },
})

// Throws "Project ID is not defined" at start-up when VITE_PORTICO_PROJECT_ID was not set at build.
export const portico = createPortico({
  wagmiConfig,
  projectId,
  servicesUrl,
  networks: [chain],
  themeMode: 'dark',
  metadata: { name: 'Portico on Vite', description: 'Example app', url: location.origin, icons: [] },
})
