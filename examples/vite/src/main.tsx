import { PorticoProvider } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App } from './App.tsx'
import { portico, wagmiConfig } from './portico.ts'
import './index.css'

const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>
          <App />
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
