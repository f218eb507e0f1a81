import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import { createConfig, http, useConnect, useConnectors, WagmiProvider } from 'wagmi'
import '../../src/index.css'

/**
 * examples/vite without Portico (bench/adopter.ts): the same React root, wagmi config, providers and
 * Connect button, which connects the first wallet wagmi found. What Portico adds to an adopter's first
 * download is the example's JavaScript minus this page's.
 */
const chain = defineChain({
  id: Number(import.meta.env.VITE_PORTICO_CHAIN_ID ?? 31337),
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_PORTICO_RPC_URL ?? 'http://127.0.0.1:8545'] } },
})
const wagmiConfig = createConfig({ chains: [chain], transports: { [chain.id]: http() } })
const queryClient = new QueryClient()

function App() {
  const connectors = useConnectors()
  const { connect } = useConnect()
  return (
    <main>
      <header>
        <h1>Without Portico</h1>
        <button type="button" onClick={() => connectors[0] && connect({ connector: connectors[0] })}>
          Connect Wallet
        </button>
      </header>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
