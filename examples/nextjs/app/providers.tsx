'use client'

import { createPageSiwx, createPortico, type SIWXSession } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type State, WagmiProvider } from 'wagmi'
import type { PorticoSettings } from '@/lib/settings'
import { SIWX_SESSION_PATH } from '@/lib/siwx-session'
import { createWagmiConfig, settingsChain } from '@/lib/wagmi'

interface ProvidersProps {
  settings: PorticoSettings
  origin: string
  /** wagmi's state from the request's cookie (the layout read it). */
  initialState: State | undefined
  /** The sign-in session the layout found behind the session cookie. */
  siwxSession: SIWXSession | null
  children: ReactNode
}

export function Providers({ settings, origin, initialState, siwxSession, children }: ProvidersProps) {
  // Made once per page load (and once per server render): a new config or Portico on every render
  // would drop the connection and remount the modal.
  const [{ wagmiConfig, portico, queryClient }] = useState(() => {
    const wagmiConfig = createWagmiConfig(settings)
    const portico = createPortico({
      wagmiConfig,
      initialState,
      projectId: settings.projectId,
      servicesUrl: settings.servicesUrl,
      networks: [settingsChain(settings)],
      metadata: { name: 'Portico on Next.js', description: 'Example app', url: origin, icons: [] },
      // Sign-in with wallet is offered after connecting; the signed message goes to this app's own
      // route (app/api/siwx/session), which keeps the session in an HttpOnly cookie.
      siwx: createPageSiwx({
        servicesUrl: settings.servicesUrl,
        projectId: settings.projectId,
        statement: 'Sign in to the Portico Next.js example',
        sessionPath: SIWX_SESSION_PATH,
      }),
      siwxSession: siwxSession ?? undefined,
    })
    return { wagmiConfig, portico, queryClient: new QueryClient() }
  })
  return (
    <WagmiProvider config={wagmiConfig} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>{children}</PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
