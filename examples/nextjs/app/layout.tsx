import { EARLY_CLICK_SCRIPT } from '@portico/react'
import type { Metadata } from 'next'
import { cookies, headers } from 'next/headers'
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { cookieToInitialState } from 'wagmi'
import { settingsFromEnv } from '@/lib/settings'
import { currentSession, SIWX_COOKIE, validToken } from '@/lib/siwx-session'
import { createWagmiConfig } from '@/lib/wagmi'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: 'Portico on Next.js',
  description: 'Connect a wallet through a self-hosted Portico',
}

/**
 * A server component, rendered for each request: it reads the wallet connection (wagmi's cookie)
 * and the sign-in session (the HttpOnly cookie) so the first HTML already shows who is connected,
 * and the browser's first render agrees with it.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered at request time, never at build: the settings come from this server's environment.
  await connection()
  const settings = settingsFromEnv()
  const requestHeaders = await headers()
  const origin = settings.appUrl
  const initialState = cookieToInitialState(createWagmiConfig(settings), requestHeaders.get('cookie'))
  const token = validToken((await cookies()).get(SIWX_COOKIE)?.value)
  const siwxSession = await currentSession(settings, origin, token)
  return (
    <html lang="en">
      <head>
        {/* A plain inline script, not next/script: it must run before the app's JavaScript, so a
            click on Connect made before hydration opens the modal once React is ready. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant from @portico/react */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_CLICK_SCRIPT }} />
      </head>
      <body>
        <Providers settings={settings} origin={origin} initialState={initialState} siwxSession={siwxSession}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
